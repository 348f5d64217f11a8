"""lietool.hook: a torch.nn.Module evaluated in memory, against the same
weights saved as a checkpoint (ssm_eval, the CLI) and against torch's own
forward pass. Skipped without torch."""
import json
import os
import sys

import numpy as np
import pytest

torch = pytest.importorskip("torch")

import lietool  # noqa: E402
import lietool.hook  # noqa: E402
from conftest import ROOT  # noqa: E402

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import train_wordproblem as tw  # noqa: E402

DIAG_S3 = os.path.join(ROOT, "tests", "data", "models", "diag-s3")


def read_safetensors(path):
    """A safetensors file's F32 tensors, read with NumPy (the format: a little-endian u64, JSON, the data)."""
    with open(path, "rb") as f:
        buf = f.read()
    n = int.from_bytes(buf[:8], "little")
    header = json.loads(buf[8:8 + n])
    out = {}
    for k, v in header.items():
        if k == "__metadata__":
            continue
        assert v["dtype"] == "F32"
        b, e = v["data_offsets"]
        out[k] = torch.from_numpy(np.frombuffer(buf[8 + n + b:8 + n + e], dtype="<f4").reshape(v["shape"]).copy())
    return out


@pytest.fixture(scope="module")
def diag_s3():
    with open(os.path.join(DIAG_S3, "config.json")) as f:
        cfg = json.load(f)
    model = tw.DiagModel(cfg)
    model.load_state_dict(read_safetensors(os.path.join(DIAG_S3, "model.safetensors")))
    return model, cfg


def test_hook_equals_the_checkpoint(diag_s3):
    model, cfg = diag_s3
    for length, samples, seed in ((6, 50, 0), (12, 40, 5)):
        got = lietool.hook.evaluate(model, "S3", length, samples, seed, config=cfg, name="run")
        want = lietool.ssm_eval(DIAG_S3, "S3", length, samples, seed)
        assert list(got) == list(want)
        for k in want:
            if k in ("object", "model"):
                assert got[k] == "run"
            elif k == "verdict":
                assert got[k] == want[k] and got[k].family == "diag-signed"
            else:
                assert got[k] == want[k], k


def test_hook_against_torch_forward(diag_s3):
    model, cfg = diag_s3
    inputs, targets = lietool.dataset("S3", 8, 200, 3)
    with torch.no_grad():
        pred = model(torch.from_numpy(inputs)).argmax(-1).numpy()
    d = lietool.hook.evaluate(model, "S3", 8, 200, 3, config=cfg)
    ref_token = float((pred == targets).mean())
    ref_seq = float((pred == targets).all(axis=1).mean())
    # f32 in C and in torch: an argmax may flip at a near-tie, one token of 1600 at the most here
    assert abs(d["token_accuracy"] - ref_token) <= 1 / 1600 + 1e-6
    assert abs(d["sequence_accuracy"] - ref_seq) <= 1 / 200 + 1e-6


def test_hook_leaves_the_module_alone(diag_s3):
    model, cfg = diag_s3
    model.train()
    before = {k: v.clone() for k, v in model.state_dict().items()}
    model.lietool_config = cfg
    try:
        lietool.hook.evaluate(model, "S3", 4, 10)
    finally:
        del model.lietool_config
    assert model.training
    assert all(torch.equal(before[k], v) for k, v in model.state_dict().items())


def test_hook_errors(diag_s3):
    model, cfg = diag_s3
    with pytest.raises(lietool.UsageError):
        lietool.hook.evaluate(model, "S3", 4, 10)                 # no config
    with pytest.raises(lietool.UsageError):
        lietool.hook.evaluate("not a module", "S3", 4, 10, config=cfg)
    bad = dict(cfg, d_model=32)
    with pytest.raises(lietool.InvalidInput) as e:
        lietool.hook.evaluate(model, "S3", 4, 10, config=bad, name="m")
    assert e.value.status == 3 and "shape" in str(e.value)
    with pytest.raises(lietool.InvalidInput):
        lietool.hook.evaluate(model, "S4", 4, 10, config=cfg)     # 24 elements, 6 tokens


def test_safetensors_bytes_round_trip(diag_s3, tmp_path):
    model, _ = diag_s3
    p = tmp_path / "m.safetensors"
    p.write_bytes(lietool.hook.safetensors_bytes(model.state_dict()))
    back = read_safetensors(str(p))
    assert set(back) == set(model.state_dict())
    assert all(torch.equal(back[k], v) for k, v in model.state_dict().items())


def test_hook_docstrings():
    for f in (lietool.hook.evaluate, lietool.hook.safetensors_bytes, lietool.hook.config_of):
        assert f.__doc__ and len(f.__doc__.strip()) > 40
