"""Writes the .npy inputs of npy-numpy.test with NumPy."""
import numpy as np

rng = np.random.default_rng(7)
np.save("a.npy", rng.standard_normal((3, 5)).astype(np.float32))
np.save("b.npy", rng.standard_normal((3, 5)).astype(np.float32))
np.save("s.npy", np.array(0.25, dtype=np.float32))  # 0-d
np.save("h.npy", np.linspace(-2, 2, 8).astype(np.float16))
# bf16 as raw bits: the top half of each float32.
values = np.array([1.5, -2.0, 0.25, 3.0, -0.5, 8.0, 1.0, -1.0], dtype=np.float32)
bits = (values.view(np.uint32) >> 16).astype(np.uint16)
np.save("bf_raw.npy", bits)
# What NumPy writes for an ml_dtypes.bfloat16 array: 2-byte void items.
np.save("bf_void.npy", bits.view(np.dtype("V2")))
np.save("i8.npy", np.array([-3, -1, 0, 1, 5, 127], dtype=np.int8))
np.save("i32.npy", np.array([7, 100, 3, -4, 2, 2], dtype=np.int32))
np.save("a_fortran.npy", np.asfortranarray(rng.standard_normal((3, 5)).astype(np.float32)))
np.save("objects.npy", np.array([object(), None], dtype=object), allow_pickle=True)
np.save("a64.npy", rng.standard_normal((3, 5)))
