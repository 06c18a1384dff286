"""Writes a .npy file with the header of SHAPE (e.g. "8,1152921504606846976")
and dtype <f4, followed by BYTES bytes of data: files whose header and data
disagree, which NumPy itself would refuse to write."""
import struct
import sys

path, shape, data_bytes = sys.argv[1], sys.argv[2], int(sys.argv[3])
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % shape
header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(b"\0" * data_bytes)
