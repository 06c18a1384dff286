#!/usr/bin/env python3
"""The linalg op suite: one function per linalg op, run through `loom run`.

  ops.py generate [--size small|mid] [--out DIR] [--check]
      Write the payload files (one per op family). test/ops/*.mlir are
      `generate --size small`; --check exits 1 when they are stale (a test).
  ops.py check FILE.mlir... --loom LOOM --schedule default.mlir [--json OUT]
                [--func NAME]... [--verify docs/ops.md]
      Run every public function of each file (or only those named) with the
      plain lowering and with the schedule (checked against the reference);
      print one line per function; exit 1 when any fails. With --verify, also
      exit 1 when the table's status columns (plain, default schedule,
      vectorized) for these functions are not what they give: the tests of
      the families (test/lit/ops) keep docs/ops.md true this way, each
      function run once.
  ops.py coverage --loom LOOM [--schedule default.mlir] [--out docs/ops.md]
      Check the small files, time the mid-size ones (plain against the
      schedule, one at a time) and write the coverage table (docs/ops.md).
  ops.py coverage --verify docs/ops.md
      Without running anything: exit 1 when the table does not list every
      function of the small files once (and no other), or when its summary
      line does not count its own rows.

Every linalg op is listed in LINALG_OPS below; the coverage table names any
that no function exercises.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))

# Sizes: small for the tests (fast to compile and run), mid for the speed-up
# column of the coverage table.
SIZES = {
    "small": dict(M=8, N=16, K=12, B=2, E=8, EN=16, S=6, S3=6, R=3, C=4, F=8,
                  G=2, CM=2, L=10, M0=4, N0=8, K0=2, T=2),
    "mid": dict(M=128, N=128, K=128, B=4, E=256, EN=256, S=30, S3=12, R=3,
                C=32, F=32, G=2, CM=2, L=1026, M0=8, N0=16, K0=4, T=8),
}


def t(shape, elt):
    """A tensor type: t([2, 3], "f32") -> tensor<2x3xf32>."""
    return "tensor<" + "".join(f"{d}x" for d in shape) + elt + ">"


class Case:
    """One function: `name` exercises the linalg op `op` on `types`."""

    def __init__(self, family, op, name, types, args, result, body, note="",
                 run_args=""):
        self.family, self.op, self.name, self.types = family, op, name, types
        self.args, self.result, self.body, self.note = args, result, body, note
        self.run_args = run_args

    def mlir(self):
        params = ", ".join(f"%{n}: {ty}" for n, ty in self.args)
        lines = [f"// {self.op} ({self.types}){': ' + self.note if self.note else ''}"]
        if self.run_args:
            lines.append(f"// loom run args: {self.run_args}")
        lines.append(f"func.func @{self.name}({params}) -> {self.result} {{")
        lines += ["  " + line for line in self.body]
        lines.append(f"  return %r : {self.result}")
        lines.append("}")
        return "\n".join(lines)


def named(family, op, name, types, ins, out, extra="", ins_types=None,
          note="", pre=(), attrs=""):
    """A named op in destination style: ins (name, type) pairs, out type."""
    args = list(ins) + [("init", out)]
    used = [n for n, _ in ins]
    tys = ins_types or [ty for _, ty in ins]
    body = list(pre)
    body.append(f"%r = linalg.{op}{attrs} ins({', '.join('%' + n for n in used)}"
                f" : {', '.join(tys)}) outs(%init : {out}){extra} -> {out}")
    return Case(family, op, name, types, args, out, body, note)


def replace_arg(case, old, new):
    """Rewrites the body's use of %old into %new (defined in `pre`)."""
    case.body[-1] = case.body[-1].replace(f"%{old},", f"%{new},").replace(
        f"%{old} ", f"%{new} ")
    return case


def contractions(s):
    M, N, K, B = s["M"], s["N"], s["K"], s["B"]
    M0, N0, K0 = s["M0"], s["N0"], s["K0"]
    cases = []
    for a, c in [("f32", "f32"), ("f16", "f32"), ("bf16", "f32"), ("i8", "i32")]:
        cases.append(named("contraction", "matmul", f"matmul_{a}_{c}",
                           f"{a} -> {c}",
                           [("a", t([M, K], a)), ("b", t([K, N], a))], t([M, N], c)))
    for a, c in [("f32", "f32"), ("i8", "i32")]:
        cases.append(named("contraction", "batch_matmul", f"batch_matmul_{a}_{c}",
                           f"{a} -> {c}",
                           [("a", t([B, M, K], a)), ("b", t([B, K, N], a))],
                           t([B, M, N], c)))
    f = "f32"
    cases += [
        named("contraction", "batch_reduce_matmul", "batch_reduce_matmul", f,
              [("a", t([B, M, K], f)), ("b", t([B, K, N], f))], t([M, N], f)),
        named("contraction", "batch_matvec", "batch_matvec", f,
              [("a", t([B, M, K], f)), ("b", t([B, K], f))], t([B, M], f)),
        named("contraction", "batch_vecmat", "batch_vecmat", f,
              [("a", t([B, K], f)), ("b", t([B, K, N], f))], t([B, N], f)),
        named("contraction", "matvec", "matvec", f,
              [("a", t([M, K], f)), ("b", t([K], f))], t([M], f)),
        named("contraction", "vecmat", "vecmat", f,
              [("a", t([K], f)), ("b", t([K, N], f))], t([N], f)),
        named("contraction", "dot", "dot", f,
              [("a", t([K * M], f)), ("b", t([K * M], f))], t([], f)),
        named("contraction", "mmt4d", "mmt4d", f,
              [("a", t([M // M0, K // K0, M0, K0], f)),
               ("b", t([N // N0, K // K0, N0, K0], f))],
              t([M // M0, N // N0, M0, N0], f)),
        named("contraction", "batch_mmt4d", "batch_mmt4d", f,
              [("a", t([B, M // M0, K // K0, M0, K0], f)),
               ("b", t([B, N // N0, K // K0, N0, K0], f))],
              t([B, M // M0, N // N0, M0, N0], f)),
        named("contraction", "quantized_matmul", "quantized_matmul", "i8 -> i32",
              [("a", t([M, K], "i8")), ("b", t([K, N], "i8")), ("za", "i32"),
               ("zb", "i32")], t([M, N], "i32")),
        named("contraction", "quantized_batch_matmul", "quantized_batch_matmul",
              "i8 -> i32",
              [("a", t([B, M, K], "i8")), ("b", t([B, K, N], "i8")),
               ("za", "i32"), ("zb", "i32")], t([B, M, N], "i32")),
        named("contraction", "contract", "contract_transposed_a", f,
              [("a", t([K, M], f)), ("b", t([K, N], f))], t([M, N], f),
              attrs=" indexing_maps = [affine_map<(m, n, k) -> (k, m)>, "
                    "affine_map<(m, n, k) -> (k, n)>, "
                    "affine_map<(m, n, k) -> (m, n)>]",
              note="A transposed"),
    ]
    return cases


def convolutions(s):
    S, S3, R, C, F, G, CM, L = (s["S"], s["S3"], s["R"], s["C"], s["F"], s["G"],
                                s["CM"], s["L"])
    O, O3, OL = S - R + 1, S3 - R + 1, L - R + 1
    fam = "convolution"
    cases = []

    def conv(op, name, types, inp, fil, out, q=False, elt="f32", acc="f32"):
        ins = [("input", t(inp, elt)), ("filter", t(fil, elt))]
        if q:
            ins += [("izp", "i32"), ("fzp", "i32")]
        cases.append(named(fam, op, name, types, ins, t(out, acc)))

    conv("conv_1d", "conv_1d", "f32", [L], [R], [OL])
    conv("conv_2d", "conv_2d", "f32", [S, S], [R, R], [O, O])
    conv("conv_3d", "conv_3d", "f32", [S3, S3, S3], [R, R, R], [O3, O3, O3])
    conv("conv_1d_nwc_wcf", "conv_1d_nwc_wcf", "f32", [1, L, C], [R, C, F], [1, OL, F])
    conv("conv_1d_ncw_fcw", "conv_1d_ncw_fcw", "f32", [1, C, L], [F, C, R], [1, F, OL])
    for elt, acc in [("f32", "f32"), ("f16", "f32"), ("i8", "i32")]:
        conv("conv_2d_nhwc_hwcf", f"conv_2d_nhwc_hwcf_{elt}_{acc}", f"{elt} -> {acc}",
             [1, S, S, C], [R, R, C, F], [1, O, O, F], elt=elt, acc=acc)
    conv("conv_2d_nhwc_fhwc", "conv_2d_nhwc_fhwc", "f32", [1, S, S, C], [F, R, R, C],
         [1, O, O, F])
    conv("conv_2d_nchw_fchw", "conv_2d_nchw_fchw", "f32", [1, C, S, S], [F, C, R, R],
         [1, F, O, O])
    conv("conv_2d_ngchw_fgchw", "conv_2d_ngchw_fgchw", "f32", [1, G, C, S, S],
         [F, G, C, R, R], [1, G, F, O, O])
    conv("conv_2d_ngchw_gfchw", "conv_2d_ngchw_gfchw", "f32", [1, G, C, S, S],
         [G, F, C, R, R], [1, G, F, O, O])
    conv("conv_2d_nhwgc_gfhwc", "conv_2d_nhwgc_gfhwc", "f32", [1, S, S, G, C],
         [G, F, R, R, C], [1, O, O, G, F])
    conv("conv_3d_ndhwc_dhwcf", "conv_3d_ndhwc_dhwcf", "f32", [1, S3, S3, S3, C],
         [R, R, R, C, F], [1, O3, O3, O3, F])
    conv("conv_3d_ncdhw_fcdhw", "conv_3d_ncdhw_fcdhw", "f32", [1, C, S3, S3, S3],
         [F, C, R, R, R], [1, F, O3, O3, O3])
    q = dict(q=True, elt="i8", acc="i32")
    conv("conv_2d_nhwc_hwcf_q", "conv_2d_nhwc_hwcf_q", "i8 -> i32", [1, S, S, C],
         [R, R, C, F], [1, O, O, F], **q)
    conv("conv_2d_nhwc_fhwc_q", "conv_2d_nhwc_fhwc_q", "i8 -> i32", [1, S, S, C],
         [F, R, R, C], [1, O, O, F], **q)
    conv("conv_2d_nchw_fchw_q", "conv_2d_nchw_fchw_q", "i8 -> i32", [1, C, S, S],
         [F, C, R, R], [1, F, O, O], **q)
    conv("conv_2d_ngchw_gfchw_q", "conv_2d_ngchw_gfchw_q", "i8 -> i32",
         [1, G, C, S, S], [G, F, C, R, R], [1, G, F, O, O], **q)
    conv("conv_2d_nhwgc_gfhwc_q", "conv_2d_nhwgc_gfhwc_q", "i8 -> i32",
         [1, S, S, G, C], [G, F, R, R, C], [1, O, O, G, F], **q)
    conv("conv_3d_ndhwc_dhwcf_q", "conv_3d_ndhwc_dhwcf_q", "i8 -> i32",
         [1, S3, S3, S3, C], [R, R, R, C, F], [1, O3, O3, O3, F], **q)
    # Depthwise.
    conv("depthwise_conv_1d_ncw_cw", "depthwise_conv_1d_ncw_cw", "f32", [1, C, L],
         [C, R], [1, C, OL])
    conv("depthwise_conv_1d_nwc_wc", "depthwise_conv_1d_nwc_wc", "f32", [1, L, C],
         [R, C], [1, OL, C])
    conv("depthwise_conv_1d_nwc_wcm", "depthwise_conv_1d_nwc_wcm", "f32", [1, L, C],
         [R, C, CM], [1, OL, C, CM])
    conv("depthwise_conv_2d_nchw_chw", "depthwise_conv_2d_nchw_chw", "f32",
         [1, C, S, S], [C, R, R], [1, C, O, O])
    for elt in ["f32", "f16"]:
        conv("depthwise_conv_2d_nhwc_hwc", f"depthwise_conv_2d_nhwc_hwc_{elt}", elt,
             [1, S, S, C], [R, R, C], [1, O, O, C], elt=elt, acc=elt)
    conv("depthwise_conv_2d_nhwc_hwcm", "depthwise_conv_2d_nhwc_hwcm", "f32",
         [1, S, S, C], [R, R, C, CM], [1, O, O, C, CM])
    conv("depthwise_conv_2d_nhwc_hwc_q", "depthwise_conv_2d_nhwc_hwc_q", "i8 -> i32",
         [1, S, S, C], [R, R, C], [1, O, O, C], **q)
    conv("depthwise_conv_2d_nhwc_hwcm_q", "depthwise_conv_2d_nhwc_hwcm_q",
         "i8 -> i32", [1, S, S, C], [R, R, C, CM], [1, O, O, C, CM], **q)
    conv("depthwise_conv_3d_ncdhw_cdhw", "depthwise_conv_3d_ncdhw_cdhw", "f32",
         [1, C, S3, S3, S3], [C, R, R, R], [1, C, O3, O3, O3])
    conv("depthwise_conv_3d_ndhwc_dhwc", "depthwise_conv_3d_ndhwc_dhwc", "f32",
         [1, S3, S3, S3, C], [R, R, R, C], [1, O3, O3, O3, C])
    conv("depthwise_conv_3d_ndhwc_dhwcm", "depthwise_conv_3d_ndhwc_dhwcm", "f32",
         [1, S3, S3, S3, C], [R, R, R, C, CM], [1, O3, O3, O3, C, CM])
    return cases


def pooling(s):
    S, S3, R, C, L = s["S"], s["S3"], s["R"], s["C"], s["L"]
    O, O3, OL = S - R + 1, S3 - R + 1, L - R + 1
    cases = []
    layouts = {
        "nchw": ([1, C, S, S], [R, R], [1, C, O, O]),
        "ncw": ([1, C, L], [R], [1, C, OL]),
        "ndhwc": ([1, S3, S3, S3, C], [R, R, R], [1, O3, O3, O3, C]),
        "nhwc": ([1, S, S, C], [R, R], [1, O, O, C]),
        "nwc": ([1, L, C], [R], [1, OL, C]),
    }
    kinds = {
        "nchw": ["max", "sum"], "ncw": ["max", "sum"],
        "ndhwc": ["max", "min", "sum"],
        "nhwc": ["max", "max_unsigned", "min", "min_unsigned", "sum"],
        "nwc": ["max", "max_unsigned", "min", "min_unsigned", "sum"],
    }
    for layout, (inp, win, out) in layouts.items():
        for kind in kinds[layout]:
            elts = ["i32"] if kind.endswith("unsigned") else ["f32"]
            if layout == "nhwc" and kind == "sum":
                elts = ["f32", "i32"]
            for elt in elts:
                op = f"pooling_{layout}_{kind}"
                name = op if len(elts) == 1 else f"{op}_{elt}"
                cases.append(named("pooling", op, name, elt,
                                   [("input", t(inp, elt)), ("window", t(win, elt))],
                                   t(out, elt),
                                   note="the window operand only gives the shape"))
    return cases


def elementwise(s):
    E, EN = s["E"], s["EN"]
    cases = []
    fam = "elementwise"

    def unary(op, elt="f32", positive=False):
        ty = t([E, EN], elt)
        # The element type in every name (exp_f32, exp_f16).
        name = f"{op}_{elt}"
        if positive:
            # |a| + 1 first, so that the op stays in its real domain.
            c = named(fam, op, name, elt, [("a", ty)], ty,
                      pre=[f"%p = linalg.abs ins(%a : {ty}) outs(%init : {ty}) -> {ty}"],
                      note="of |a|")
            return replace_arg(c, "a", "p")
        return named(fam, op, name, elt, [("a", ty)], ty)

    for op in ["abs", "ceil", "erf", "exp", "floor", "negf", "reciprocal",
               "round", "square", "tanh"]:
        cases.append(unary(op))
    for op in ["log", "rsqrt", "sqrt"]:
        cases.append(unary(op, positive=True))
    cases.append(unary("exp", "f16"))
    cases.append(unary("exp", "bf16"))

    def binary(op, elt="f32", pre=(), rhs="b", note=""):
        ty = t([E, EN], elt)
        name = f"{op}_{elt}"
        c = named(fam, op, name, elt, [("a", ty), ("b", ty)], ty, pre=pre, note=note)
        return replace_arg(c, "b", rhs) if rhs != "b" else c

    for op in ["add", "sub", "mul", "div", "max", "min"]:
        cases.append(binary(op))
    for op in ["add", "max", "min"]:
        cases.append(binary(op, "i32"))
    cases.append(binary("add", "bf16"))
    ity = t([E, EN], "i32")
    odd = [f"%one = arith.constant dense<1> : {ity}",
           f"%odd = arith.ori %b, %one : {ity}"]
    cases.append(binary("div", "i32", pre=odd, rhs="odd", note="b | 1 as divisor"))
    cases.append(binary("div_unsigned", "i32", pre=odd, rhs="odd",
                        note="b | 1 as divisor"))
    fty = t([E, EN], "f32")
    cases.append(replace_arg(
        binary("powf", pre=[f"%p = linalg.abs ins(%a : {fty}) outs(%init : {fty}) -> {fty}"],
               note="of |a|"), "a", "p"))
    cty = t([E, EN], "i1")
    cases.append(named(fam, "select", "select_f32", "i1, f32",
                       [("cond", cty), ("a", fty), ("b", fty)], fty))
    cases.append(named(fam, "elementwise", "elementwise_add_f32", "f32",
                       [("a", fty), ("b", fty)], fty,
                       attrs=" kind=#linalg.elementwise_kind<add>"))
    cases.append(named(fam, "elementwise", "elementwise_exp_f32", "f32",
                       [("a", fty)], fty, attrs=" kind=#linalg.elementwise_kind<exp>"))
    return cases


def structured(s):
    """map, reduce, broadcast, transpose, copy, fill, fill_rng_2d, generic."""
    E, EN = s["E"], s["EN"]
    f = "f32"
    ty, row, col = t([E, EN], f), t([E], f), t([EN], f)
    tt = t([EN, E], f)
    fam = "structured"
    cases = [
        Case(fam, "map", "map", f, [("a", ty), ("b", ty), ("init", ty)], ty,
             [f"%r = linalg.map {{ arith.addf }} ins(%a, %b : {ty}, {ty}) outs(%init : {ty})"]),
        Case(fam, "reduce", "reduce_rows", f, [("a", ty), ("init", row)], row,
             [f"%r = linalg.reduce {{ arith.addf }} ins(%a : {ty}) outs(%init : {row}) "
              "dimensions = [1]"], note="sum of each row"),
        Case(fam, "reduce", "reduce_columns_max", f, [("a", ty), ("init", col)], col,
             [f"%r = linalg.reduce {{ arith.maximumf }} ins(%a : {ty}) outs(%init : {col}) "
              "dimensions = [0]"], note="max of each column"),
        Case(fam, "broadcast", "broadcast", f, [("a", row), ("init", ty)], ty,
             [f"%r = linalg.broadcast ins(%a : {row}) outs(%init : {ty}) dimensions = [1]"]),
        Case(fam, "transpose", "transpose", f, [("a", ty), ("init", tt)], tt,
             [f"%r = linalg.transpose ins(%a : {ty}) outs(%init : {tt}) permutation = [1, 0]"]),
        named(fam, "copy", "copy", f, [("a", ty)], ty),
        named(fam, "copy", "copy_i8", "i8", [("a", t([E, EN], "i8"))], t([E, EN], "i8")),
        named(fam, "fill", "fill", f, [("v", f)], ty),
        named(fam, "fill_rng_2d", "fill_rng_2d", "f64, i32 -> f32",
              [("min", "f64"), ("max", "f64"), ("seed", "i32")], ty),
        Case(fam, "generic", "generic_index", f, [("a", ty), ("init", ty)], ty, [
            "%r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, "
            "affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\"]}",
            f"    ins(%a : {ty}) outs(%init : {ty}) {{",
            "  ^bb0(%x: f32, %o: f32):",
            "    %i = linalg.index 0 : index",
            "    %j = linalg.index 1 : index",
            "    %ij = arith.muli %i, %j : index",
            "    %n = arith.index_cast %ij : index to i32",
            "    %v = arith.sitofp %n : i32 to f32",
            "    %y = arith.addf %x, %v : f32",
            "    linalg.yield %y : f32",
            f"  }} -> {ty}"], note="with linalg.index"),
    ]
    return cases


def relayout(s):
    """softmax, pack, unpack, winograd."""
    E, EN, M0, N0, T = s["E"], s["EN"], s["M0"], s["N0"], s["T"]
    f = "f32"
    ty = t([E, EN], f)
    packed = t([E // M0, EN // N0, M0, N0], f)
    fam = "relayout"
    odd = t([E - 1, EN - 3], f)
    padded = t([(E - 1 + M0 - 1) // M0, (EN - 3 + N0 - 1) // N0, M0, N0], f)
    transposed = t([EN // N0, E // M0, N0, M0], f)
    cases = [
        Case(fam, "softmax", "softmax", f, [("a", ty), ("init", ty)], ty,
             [f"%r = linalg.softmax dimension(1) ins(%a : {ty}) outs(%init : {ty}) -> {ty}"]),
        Case(fam, "pack", "pack", f, [("a", ty), ("init", packed)], packed,
             [f"%r = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [{M0}, {N0}] "
              f"into %init : {ty} -> {packed}"]),
        Case(fam, "pack", "pack_padded", f, [("a", odd), ("pad", f), ("init", padded)],
             padded,
             [f"%r = linalg.pack %a padding_value(%pad : f32) inner_dims_pos = [0, 1] "
              f"inner_tiles = [{M0}, {N0}] into %init : {odd} -> {padded}"],
             note="sizes not multiples of the tiles"),
        Case(fam, "pack", "pack_transposed", f, [("a", ty), ("init", transposed)],
             transposed,
             [f"%r = linalg.pack %a outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] "
              f"inner_tiles = [{N0}, {M0}] into %init : {ty} -> {transposed}"],
             note="outer and inner dims permuted"),
        Case(fam, "unpack", "unpack", f, [("a", packed), ("init", ty)], ty,
             [f"%r = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [{M0}, {N0}] "
              f"into %init : {packed} -> {ty}"]),
        Case(fam, "unpack", "unpack_sliced", f, [("a", padded), ("init", odd)], odd,
             [f"%r = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [{M0}, {N0}] "
              f"into %init : {padded} -> {odd}"],
             note="result smaller than the tiles"),
    ]
    # Winograd F(4, 3): tiles of 4 outputs from 6 inputs.
    C, F = s["C"], s["F"]
    H = T * 4 + 2
    fil, fil_t = t([F, 3, 3, C], f), t([6, 6, C, F], f)
    inp, inp_t = t([1, H, H, C], f), t([6, 6, T, T, 1, C], f)
    out_t, out = t([6, 6, T, T, 1, F], f), t([1, T * 4, T * 4, F], f)
    cases += [
        Case(fam, "winograd_filter_transform", "winograd_filter_transform", f,
             [("filter", fil), ("init", fil_t)], fil_t,
             [f"%r = linalg.winograd_filter_transform fmr(F_4_3) ins(%filter : {fil}) "
              f"outs(%init : {fil_t}) -> {fil_t}"]),
        Case(fam, "winograd_input_transform", "winograd_input_transform", f,
             [("input", inp), ("init", inp_t)], inp_t,
             [f"%r = linalg.winograd_input_transform fmr(F_4_3) ins(%input : {inp}) "
              f"outs(%init : {inp_t}) -> {inp_t}"]),
        Case(fam, "winograd_output_transform", "winograd_output_transform", f,
             [("value", out_t), ("init", out)], out,
             [f"%r = linalg.winograd_output_transform fmr(F_4_3) ins(%value : {out_t}) "
              f"outs(%init : {out}) -> {out}"]),
    ]
    return cases


def dynamic(s):
    """Ops on tensors with dynamic sizes (`?`), given to loom run with --dim.
    The sizes are not multiples of the tiles, so vectors are masked."""
    fam = "dynamic"
    f = "f32"
    dims = lambda *names: "{loom.dims = [" + ", ".join(f'"{n}"' for n in names) + "]}"
    sizes = lambda **kw: " ".join(f"--dim {k}={v}" for k, v in kw.items())
    mk, kn, mn = (f"tensor<?x?x{f}> " + dims(*d) for d in ("MK", "KN", "MN"))
    cases = [
        Case(fam, "matmul", "matmul_dynamic", f,
             [("a", mk), ("b", kn), ("init", mn)], f"tensor<?x?x{f}>",
             [f"%r = linalg.matmul ins(%a, %b : tensor<?x?x{f}>, tensor<?x?x{f}>) "
              f"outs(%init : tensor<?x?x{f}>) -> tensor<?x?x{f}>"],
             run_args=sizes(M=s["M"] + 5, N=s["N"] + 5, K=s["K"] + 1)),
        Case(fam, "add", "add_dynamic", f,
             [("a", mn), ("b", mn), ("init", mn)], f"tensor<?x?x{f}>",
             [f"%r = linalg.add ins(%a, %b : tensor<?x?x{f}>, tensor<?x?x{f}>) "
              f"outs(%init : tensor<?x?x{f}>) -> tensor<?x?x{f}>"],
             run_args=sizes(M=s["E"] + 5, N=s["EN"] + 5)),
        Case(fam, "reduce", "reduce_rows_dynamic", f,
             [("a", mn), ("init", f"tensor<?x{f}> " + dims("M"))], f"tensor<?x{f}>",
             [f"%r = linalg.reduce {{ arith.addf }} ins(%a : tensor<?x?x{f}>) "
              f"outs(%init : tensor<?x{f}>) dimensions = [1]"],
             run_args=sizes(M=s["E"] + 5, N=s["EN"] + 5)),
    ]
    C, F, R = s["C"], s["F"], s["R"]
    inp = f"tensor<1x?x?x{C}x{f}>"
    out = f"tensor<1x?x?x{F}x{f}>"
    cases.append(Case(
        fam, "conv_2d_nhwc_hwcf", "conv_2d_nhwc_hwcf_dynamic", f,
        [("input", inp + " " + dims("N", "H", "W", "C")),
         ("filter", t([R, R, C, F], f)),
         ("init", out + " " + dims("N", "OH", "OW", "F"))], out,
        [f"%r = linalg.conv_2d_nhwc_hwcf ins(%input, %filter : {inp}, "
         f"{t([R, R, C, F], f)}) outs(%init : {out}) -> {out}"],
        run_args=sizes(H=s["S"] + 3, W=s["S"] + 5, OH=s["S"] + 3 - R + 1,
                       OW=s["S"] + 5 - R + 1)))
    # Masked vectorization of convolutions (upstream) supports a dynamic
    # channel dimension of depthwise convolutions only.
    H, W = s["S"] + 2, s["S"] + 4
    dinp = f"tensor<1x{H}x{W}x?x{f}>"
    dout = f"tensor<1x{H - R + 1}x{W - R + 1}x?x{f}>"
    dfil = f"tensor<{R}x{R}x?x{f}>"
    cases.append(Case(
        fam, "depthwise_conv_2d_nhwc_hwc", "depthwise_conv_2d_nhwc_hwc_dynamic", f,
        [("input", dinp + " " + dims("N", "H", "W", "C")),
         ("filter", dfil + " " + dims("KH", "KW", "C")),
         ("init", dout + " " + dims("N", "OH", "OW", "C"))], dout,
        [f"%r = linalg.depthwise_conv_2d_nhwc_hwc ins(%input, %filter : {dinp}, "
         f"{dfil}) outs(%init : {dout}) -> {dout}"],
        note="dynamic channels", run_args=sizes(C=s["C"] * 4 + 3)))
    return cases


FAMILIES = [contractions, convolutions, pooling, elementwise, structured, relayout,
            dynamic]

# Every op of the linalg dialect in MLIR 22 (from its ODS), so that the
# coverage table shows an op no function exercises.
LINALG_OPS = """
abs add batch_matmul batch_matvec batch_mmt4d batch_reduce_matmul batch_vecmat
broadcast ceil contract conv_1d conv_1d_ncw_fcw conv_1d_nwc_wcf conv_2d
conv_2d_nchw_fchw conv_2d_nchw_fchw_q conv_2d_ngchw_fgchw conv_2d_ngchw_gfchw
conv_2d_ngchw_gfchw_q conv_2d_nhwc_fhwc conv_2d_nhwc_fhwc_q conv_2d_nhwc_hwcf
conv_2d_nhwc_hwcf_q conv_2d_nhwgc_gfhwc conv_2d_nhwgc_gfhwc_q conv_3d
conv_3d_ncdhw_fcdhw conv_3d_ndhwc_dhwcf conv_3d_ndhwc_dhwcf_q copy
depthwise_conv_1d_ncw_cw depthwise_conv_1d_nwc_wc depthwise_conv_1d_nwc_wcm
depthwise_conv_2d_nchw_chw depthwise_conv_2d_nhwc_hwc depthwise_conv_2d_nhwc_hwc_q
depthwise_conv_2d_nhwc_hwcm depthwise_conv_2d_nhwc_hwcm_q
depthwise_conv_3d_ncdhw_cdhw depthwise_conv_3d_ndhwc_dhwc
depthwise_conv_3d_ndhwc_dhwcm div div_unsigned dot elementwise erf exp fill
fill_rng_2d floor generic index log map matmul matvec max min mmt4d mul negf
pack pooling_nchw_max pooling_nchw_sum pooling_ncw_max pooling_ncw_sum
pooling_ndhwc_max pooling_ndhwc_min pooling_ndhwc_sum pooling_nhwc_max
pooling_nhwc_max_unsigned pooling_nhwc_min pooling_nhwc_min_unsigned
pooling_nhwc_sum pooling_nwc_max pooling_nwc_max_unsigned pooling_nwc_min
pooling_nwc_min_unsigned pooling_nwc_sum powf quantized_batch_matmul
quantized_matmul reciprocal reduce round rsqrt select softmax sqrt square sub
tanh transpose unpack vecmat winograd_filter_transform winograd_input_transform
winograd_output_transform yield
""".split()

# Ops that are not run by a function of their own, and why.
NOT_RUN_ALONE = {
    "index": "used inside a linalg.generic body: generic_index",
    "yield": "the terminator of linalg op bodies: in every generic, map and reduce",
}


def all_cases(size):
    cases = []
    for family in FAMILIES:
        cases += family(SIZES[size])
    return cases


def family_files(size):
    """{file name: text} of the payload files at `size`."""
    files = {}
    for family in FAMILIES:
        cases = family(SIZES[size])
        name = cases[0].family
        header = (f"// linalg ops of the {name} family, one public function per op and\n"
                  f"// element type, at {size} sizes. Generated by test/ops/ops.py\n"
                  f"// (`ops.py generate`); edit that script, not this file. Run one with\n"
                  f"//   loom run test/ops/{name}.mlir --func NAME "
                  "[--schedule schedules/lib/default.mlir]\n")
        files[f"{name}.mlir"] = header + "\n" + "\n\n".join(c.mlir() for c in cases) + "\n"
    return files


def cmd_generate(args):
    stale = []
    if not args.check:
        os.makedirs(args.out, exist_ok=True)
    for name, text in family_files(args.size).items():
        path = os.path.join(args.out, name)
        if args.check:
            if not os.path.exists(path) or open(path).read() != text:
                stale.append(path)
            continue
        with open(path, "w") as out:
            out.write(text)
    for path in stale:
        print(f"{path} is not what `ops.py generate` writes; run it", file=sys.stderr)
    return 1 if stale else 0


FUNC_RE = re.compile(r"^(?:// loom run args: (.*)\n)?func\.func @(\w+)\(", re.M)


def run_loom(loom, payload, func, schedule, extra):
    """One `loom run`; returns its JSON record (or a synthetic failure)."""
    command = [loom, "run", payload, "--func", func, "--quiet", "--json", "-"] + extra
    if schedule:
        command += ["--schedule", schedule]
    else:
        command += ["--no-schedule"]
    proc = subprocess.run(command, capture_output=True, text=True)
    try:
        record = json.loads(proc.stdout)
    except json.JSONDecodeError:
        record = {"status": "crashed", "exit_code": proc.returncode,
                  "error": proc.stderr.strip()[-500:] or f"exit {proc.returncode}"}
    record["_stderr"] = proc.stderr
    return record


VECTOR_OP_RE = re.compile(r"\bvector\.(transfer_read|load|contract|fma|"
                          r"multi_reduction|reduction|outerproduct|broadcast)\b")


def vectorization(record, scheduled_ir):
    """yes / partly / no, and why not: from the remarks of
    transform.loom.vectorize and the vector ops in the IR after the schedule."""
    schedule = record.get("schedule") or {}
    missed = [r.split("not vectorized: ", 1)[1]
              for r in schedule.get("remarks", []) if "not vectorized:" in r]
    if not missed:
        return "yes", []
    return ("partly" if VECTOR_OP_RE.search(scheduled_ir) else "no"), missed


def check_one(loom, schedule, payload, func, run_args, timing):
    quick = ["--iters", "1", "--warmup", "0", "--min-time", "0"]
    timed = (run_args.split() if run_args else []) + (
        ["--min-time", "0.2"] if timing else quick)
    plain = run_loom(loom, payload, func, None, ["--no-check"] + timed)
    with tempfile.TemporaryDirectory() as dump:
        scheduled = run_loom(loom, payload, func, schedule,
                             timed + ["--dump-ir", dump])
        path = os.path.join(dump, "1-scheduled.mlir")
        ir = open(path).read() if os.path.exists(path) else ""
    vectorized, missed = vectorization(scheduled, ir)
    return {"payload": payload, "func": func, "plain": plain,
            "scheduled": scheduled, "vectorized": vectorized,
            "not_vectorized": missed}


def error_of(record):
    error = record.get("error") or ""
    return error.splitlines()[0] if error else ""


def cmd_check(args):
    jobs = [(payload, func, run_args) for payload in args.files
            for run_args, func in FUNC_RE.findall(open(payload).read())
            if not args.func or func in args.func]
    unknown = sorted(set(args.func or []) - {func for _, func, _ in jobs})
    if unknown:
        print(f"no such function in the files: {', '.join(unknown)}", file=sys.stderr)
        return 2
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(
            lambda job: check_one(args.loom, args.schedule, *job, False), jobs))
    failed = 0
    for result in results:
        plain, scheduled = result["plain"], result["scheduled"]
        ok = plain.get("status") == "ok" and scheduled.get("status") == "ok"
        failed += not ok
        line = (f"{'ok  ' if ok else 'FAIL'} {result['func']}: plain "
                f"{plain.get('status')}, default schedule {scheduled.get('status')}")
        if scheduled.get("status") == "ok":
            line += f", vectorized {result['vectorized']}"
        for record in (plain, scheduled):
            if record.get("status") != "ok":
                line += f"\n    {error_of(record)}"
        print(line)
    print(f"{len(results) - failed} of {len(results)} functions passed")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=1, default=str)
    stale = []
    if args.verify:
        documented = {row[0]: row for row in TABLE_ROW_RE.findall(open(args.verify).read())}
        rows = [status_row(r) for r in results]
        stale = [f"{row[0]}: {args.verify} says {documented.get(row[0])}, the ops give {row}"
                 for row in rows if documented.get(row[0]) != row]
        report_stale(args.verify, stale)
    return 1 if failed or stale else 0


def speedup(plain, scheduled):
    """Median time of the plain lowering over that of the schedule."""
    try:
        return plain["timing"]["median_s"] / scheduled["timing"]["median_s"]
    except (KeyError, TypeError, ZeroDivisionError):
        return None


def status_row(result):
    """The columns of the coverage table that do not depend on timing."""
    plain, scheduled = result["plain"], result["scheduled"]
    return (result["func"], plain.get("status"), scheduled.get("status"),
            result["vectorized"] if scheduled.get("status") == "ok" else "-")


def small_files():
    return sorted(os.path.join(HERE, name) for name in family_files("small"))


def run_all(files, loom, schedule, jobs, timing):
    specs = [(payload, func, run_args) for payload in files
             for run_args, func in FUNC_RE.findall(open(payload).read())]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return list(pool.map(lambda spec: check_one(loom, schedule, *spec, timing),
                             specs))


def machine_line(record):
    host = record.get("host", {})
    return f"{host.get('cpu_model', '?')} ({host.get('cpu', '?')})"


def coverage_markdown(results, timed):
    """docs/ops.md from the check results and the mid-size timings."""
    cases = {c.name: c for c in all_cases("small")}
    speedups = {r["func"]: speedup(r["plain"], r["scheduled"]) for r in timed}
    covered = {cases[r["func"]].op for r in results}
    ok = sum(1 for r in results if status_row(r)[1:3] == ("ok", "ok"))
    vectorized = sum(1 for r in results if r["vectorized"] == "yes")
    mid = SIZES["mid"]
    lines = [
        "# linalg op coverage",
        "",
        "<!-- Generated by `python3 test/ops/ops.py coverage --loom build/bin/loom "
        "--out docs/ops.md`; do not edit. -->",
        "",
        "Every op of the linalg dialect (MLIR 22) runs through `loom run`, with",
        "the plain lowering and with the default schedule",
        "([`schedules/lib/default.mlir`](../schedules/lib/default.mlir)), and",
        "matches the reference. The payloads are in [`test/ops/`](../test/ops),",
        "one function per op and element type, generated by",
        "[`test/ops/ops.py`](../test/ops/ops.py); the tests (`test/lit/ops`) run",
        "them all, and `test/unit/OpReferenceTest.cpp` compares a subset with",
        "values computed by plain C++ loops. A test fails when this table's",
        "status columns no longer match what the ops do.",
        "",
        f"{ok} of {len(results)} functions pass plain and with the default schedule; "
        f"{vectorized} are fully vectorized.",
        "",
        "## What the default schedule does",
        "",
        "1. `linalg.softmax`, `linalg.pack`/`unpack` and the winograd transforms",
        "   are decomposed into structured ops (upstream transform ops).",
        "2. Every linalg op is tiled by `transform.loom.auto_tile`: an `scf.forall`",
        "   over the outermost parallel loop, then `scf.for` loops down to a",
        "   vector tile: 8 x 32 register tiles in 256 x 256 cache blocks for",
        "   contractions (one reduction step at a time), 16 lanes of the",
        "   output's last dimension (64 without reductions, and 16 steps of",
        "   the innermost reduction) for other ops, and for convolutions and",
        "   pooling unit loops but the last window loop, which",
        "   `transform.structured.decompose` turns into 1-D convolutions.",
        "   Loops whose last tile is partial are peeled, so that the main loop",
        "   has static tiles.",
        "3. `transform.loom.vectorize` vectorizes every op with vector sizes from",
        "   the bounds of its tiled loops, masked where a tile is partial or a",
        "   size is dynamic. An op it cannot vectorize stays a tiled loop nest,",
        "   with a remark that says why (`loom run --explain` shows them); the",
        "   reason is in the last column.",
        "4. Contractions become outer products and FMAs; a vector reduced along",
        "   its last dimension (row sums, dot products, matvec) is combined by",
        "   halves (`transform.apply_patterns.loom.reduction_tree`): float sums",
        "   are associated differently than in the plain lowering, within the",
        "   check's tolerance.",
        "",
        "## Speed-up",
        "",
        "The last numeric column is the median time of the plain lowering over",
        "that of the default schedule, on the same inputs, one thread, measured",
        "back to back at mid sizes (`ops.py generate --size mid`: "
        f"matmul {mid['M']}x{mid['N']}x{mid['K']}, 2-D convolutions "
        f"{mid['S']}x{mid['S']} images with {mid['C']} -> {mid['F']} channels, "
        f"elementwise {mid['E']}x{mid['EN']}, 1-D length {mid['L']}, 3-D "
        f"{mid['S3']}^3).",
    ]
    if timed:
        lines.append(f"Measured on {machine_line(timed[0]['scheduled'])}, "
                     f"{timed[0]['scheduled'].get('timestamp', '')[:10]}.")
    lines += [
        "",
        "## Coverage",
        "",
        "| op | function | types | plain | default schedule | vectorized | speed-up | why not vectorized |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in results:
        case = cases[r["func"]]
        func, plain, scheduled, vect = status_row(r)
        factor = speedups.get(func)
        why = "; ".join(sorted(set(m.split(": ", 1)[-1] for m in r["not_vectorized"])))
        lines.append(f"| `linalg.{case.op}` | `{func}` | {case.types} | {plain} | "
                     f"{scheduled} | {vect} | "
                     f"{f'{factor:.1f}x' if factor else '-'} | {why} |")
    missing = [op for op in LINALG_OPS if op not in covered]
    lines += ["", "## Ops without a function of their own", ""]
    for op in missing:
        lines.append(f"- `linalg.{op}`: {NOT_RUN_ALONE.get(op, 'NOT COVERED')}")
    return "\n".join(lines) + "\n"


TABLE_ROW_RE = re.compile(r"^\| `linalg\.\w+` \| `(\w+)` \| [^|]* \| (\S+) \| (\S+) \| (\S+) \|",
                          re.M)
SUMMARY_RE = re.compile(r"^(\d+) of (\d+) functions pass plain and with the default "
                        r"schedule; (\d+) are fully vectorized\.$", re.M)


def report_stale(path, problems):
    """Prints each problem of the table at `path` and how to mend it."""
    for problem in problems:
        print(problem)
    if problems:
        print(f"regenerate it: python3 test/ops/ops.py coverage --out {path}")


def verify_table(path):
    """The table's rows are the small files' functions, its summary their count.

    What each row says is checked where the function runs: by `check
    --verify` in the tests of its family."""
    text = open(path).read()
    found = TABLE_ROW_RE.findall(text)
    rows = [row[0] for row in found]
    functions = [c.name for c in all_cases("small")]
    problems = [f"{name}: no row in {path}" for name in functions if name not in rows]
    problems += [f"{name}: {path} has a row, the ops have no such function"
                 for name in rows if name not in functions]
    problems += [f"{name}: {rows.count(name)} rows in {path}"
                 for name in sorted(set(rows)) if rows.count(name) > 1]
    summary = SUMMARY_RE.search(text)
    counts = (str(sum(1 for r in found if r[1:3] == ("ok", "ok"))), str(len(found)),
              str(sum(1 for r in found if r[3] == "yes")))
    if not summary:
        problems.append(f"{path}: no summary line (N of M functions pass ...)")
    elif summary.groups() != counts:
        problems.append(f"{path}: the summary says {' / '.join(summary.groups())} "
                        f"(passing / functions / vectorized), its rows {' / '.join(counts)}")
    report_stale(path, problems)
    if not problems:
        print(f"{path}: {len(rows)} functions, as the ops are")
    return 1 if problems else 0


def cmd_coverage(args):
    if args.verify:
        return verify_table(args.verify)
    if not args.loom:
        print("ops.py coverage: --loom is required to write the table", file=sys.stderr)
        return 2
    results = run_all(small_files(), args.loom, args.schedule, args.jobs, False)
    timed = []
    with tempfile.TemporaryDirectory() as mid:
        generate = argparse.Namespace(size="mid", out=mid, check=False)
        cmd_generate(generate)
        files = sorted(os.path.join(mid, name) for name in family_files("mid"))
        # One at a time: timings must not disturb each other.
        for i, payload in enumerate(files):
            print(f"timing {os.path.basename(payload)} ({i + 1}/{len(files)})",
                  file=sys.stderr)
            timed += run_all([payload], args.loom, args.schedule, 1, True)
    text = coverage_markdown(results, timed)
    if args.out:
        with open(args.out, "w") as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    generate = sub.add_parser("generate", help="write the payload files")
    generate.add_argument("--size", choices=SIZES, default="small")
    generate.add_argument("--out", default=HERE)
    generate.add_argument("--check", action="store_true",
                          help="compare with the files instead of writing them")
    default_schedule = os.path.join(HERE, "..", "..", "schedules", "lib", "default.mlir")
    check = sub.add_parser("check", help="run every function of the files")
    check.add_argument("files", nargs="+")
    check.add_argument("--loom", required=True)
    check.add_argument("--schedule", default=default_schedule)
    check.add_argument("--json")
    check.add_argument("--func", action="append",
                       help="only this function (repeatable)")
    check.add_argument("--verify", metavar="OPS_MD",
                       help="also check these functions' rows of the coverage table")
    check.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    coverage = sub.add_parser("coverage", help="write the coverage table")
    coverage.add_argument("--loom", help="the loom binary (to write the table)")
    coverage.add_argument("--schedule", default=default_schedule)
    coverage.add_argument("--out", help="the Markdown file (default: stdout)")
    coverage.add_argument("--verify", metavar="OPS_MD",
                          help="only check, without running, that OPS_MD lists every "
                          "function once and counts its rows")
    coverage.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    commands = {"generate": cmd_generate, "check": cmd_check, "coverage": cmd_coverage}
    return commands[args.command](args)


if __name__ == "__main__":
    sys.exit(main())
