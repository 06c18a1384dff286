"""Compares what loom run wrote (npy-numpy.test) with NumPy's own results."""
import numpy as np

a, b, s = np.load("a.npy"), np.load("b.npy"), np.load("s.npy")
got = np.load("f32/result0.npy")
ref = np.load("f32/reference/result0.npy")
print("f32:", got.dtype == np.float32 and np.allclose(got, a * b + s, rtol=1e-6),
      np.array_equal(got, ref))

h = np.load("h.npy")
print("f16:", np.array_equal(np.load("f16/result0.npy"), h + h))

def bf16_to_f32(raw):
    return (raw.view(np.uint16).astype(np.uint32) << 16).view(np.float32)

raw = np.load("bf_raw.npy")
out = np.load("bf16/result0.npy")  # '<V2': view the bits as uint16
print("bf16:", out.dtype == np.dtype("V2") and
      np.array_equal(bf16_to_f32(out), bf16_to_f32(raw) * bf16_to_f32(raw)))

i8, i32 = np.load("i8.npy"), np.load("i32.npy")
print("ints:", np.array_equal(np.load("ints/result0.npy"), i8.astype(np.int32) * i32))
