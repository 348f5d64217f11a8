"""The model zoo's architectures, one module each (scripts/zoo_reference.py).

Each module defines:
  MODEL_TYPES    the config.json model_type values it writes and reads
  add_args(p)    its options of `zoo_reference.py make` (argparse parser p)
  make(a, rn)    a tiny random model for the options a: (config, state
                 dict of float32 tensors named as the real library names
                 them); rn(*shape, scale=) draws seeded normal tensors
  forward(cfg, sd, tokens)
                 the logits (T, classes) in float64 NumPy, written from the
                 library's published formulas (sd: name -> float64 array,
                 without any prefix) -- the reference lietool's C forward
                 pass is checked against; it shares no code with it.
  forward_reduced(cfg, sd, tokens, dtype)
                 (where the architecture has it) the logits (T, classes),
                 float64 torch, of the library's model cast whole to dtype
                 (torch.bfloat16 or torch.float16) and run by torch on the
                 CPU, op by op as the library's code runs them (sd: name ->
                 torch tensor as stored, without any prefix) -- what
                 `lietool ssm eval --compute bf16|f16` must reproduce.

gla.py and deltaproduct.py also expose their recurrence alone
(recurrence(...)) and mamba2.py its mixer (mixer(...)), which
scripts/zoo_naive_check.py compares with the libraries' own naive PyTorch
code on random inputs: flash-linear-attention's fla/ops/*/naive.py and
transformers' Mamba2Mixer.torch_forward -- an optional check, given a
checkout of the library (it never downloads one; `make check` does not
run it):

  git --git-dir=CLONE/.git archive HEAD fla | tar -x -C DIR
  /usr/bin/python3 scripts/zoo_naive_check.py --fla DIR     (or FLA_SRC=DIR)
  /usr/bin/python3 scripts/zoo_naive_check.py --transformers DIR2   (DIR2/src/transformers; or TRANSFORMERS_SRC)
"""
