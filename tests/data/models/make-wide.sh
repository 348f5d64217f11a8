#!/bin/sh
# make-wide.sh DIR: a lietool-diag checkpoint of 40 MiB whose d_model is
# 2^20 (the weights all zero): its forward pass on 1000 tokens would take
# about 4 GiB, so that ssm eval must stop at --max-memory before it starts.
set -e
d=$1
printf '%s\n' '{"model_type": "lietool-diag", "vocab_size": 2, "n_classes": 2, "d_model": 1048576, "d_state": 1, "n_layers": 1, "d_mlp": 0, "eigenvalues": "signed", "norm_eps": 1e-05}' > "$d/config.json"
h='{"embed.weight":{"dtype":"F32","shape":[2,1048576],"data_offsets":[0,8388608]},"head.bias":{"dtype":"F32","shape":[2],"data_offsets":[8388608,8388616]},"head.weight":{"dtype":"F32","shape":[2,1048576],"data_offsets":[8388616,16777224]},"layers.0.a_proj.bias":{"dtype":"F32","shape":[1],"data_offsets":[16777224,16777228]},"layers.0.a_proj.weight":{"dtype":"F32","shape":[1,1048576],"data_offsets":[16777228,20971532]},"layers.0.b_proj.bias":{"dtype":"F32","shape":[1],"data_offsets":[20971532,20971536]},"layers.0.b_proj.weight":{"dtype":"F32","shape":[1,1048576],"data_offsets":[20971536,25165840]},"layers.0.norm.weight":{"dtype":"F32","shape":[1048576],"data_offsets":[25165840,29360144]},"layers.0.out_proj.bias":{"dtype":"F32","shape":[1048576],"data_offsets":[29360144,33554448]},"layers.0.out_proj.weight":{"dtype":"F32","shape":[1048576,1],"data_offsets":[33554448,37748752]},"norm_f.weight":{"dtype":"F32","shape":[1048576],"data_offsets":[37748752,41943056]}}'
{
    printf '\311\003\000\000\000\000\000\000'    # the header's length, 969, as 8 bytes little-endian
    printf '%s' "$h"
    head -c 41943056 /dev/zero
} > "$d/model.safetensors"
