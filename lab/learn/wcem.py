"""Reads and writes the .wcem weight format of core/src/nn/model_file.hpp.

"WCEM" | u32 version 1 | u32 entry count | entries; entry: u16 name length,
name, u8 dtype (1 float32, 2 float16, 3 text), u8 rank, u32 dims, data
(little-endian)."""
import struct

import numpy as np

F32, F16, TEXT = 1, 2, 3


def write(path, tensors, texts, dtype=F16):
    """tensors: name -> array; texts: name -> str (vocabularies: one item per line)."""
    out = [b"WCEM", struct.pack("<II", 1, len(tensors) + len(texts))]
    for name, arr in tensors.items():
        arr = np.asarray(arr, dtype=np.float32)
        data = arr.astype("<f2" if dtype == F16 else "<f4").tobytes()
        nb = name.encode()
        out += [struct.pack("<H", len(nb)), nb, struct.pack("<BB", dtype, arr.ndim),
                struct.pack("<%dI" % arr.ndim, *arr.shape), data]
    for name, text in texts.items():
        nb, tb = name.encode(), text.encode()
        out += [struct.pack("<H", len(nb)), nb, struct.pack("<BBI", TEXT, 1, len(tb)), tb]
    with open(path, "wb") as f:
        f.write(b"".join(out))


def read(path):
    """-> (tensors as float32 arrays, texts)."""
    b = open(path, "rb").read()
    assert b[:4] == b"WCEM", "not a .wcem file"
    version, count = struct.unpack_from("<II", b, 4)
    assert version == 1
    pos, tensors, texts = 12, {}, {}
    for _ in range(count):
        (nl,) = struct.unpack_from("<H", b, pos); pos += 2
        name = b[pos:pos + nl].decode(); pos += nl
        dtype, rank = struct.unpack_from("<BB", b, pos); pos += 2
        dims = struct.unpack_from("<%dI" % rank, b, pos); pos += 4 * rank
        n = int(np.prod(dims)) if rank else 1
        if dtype == TEXT:
            texts[name] = b[pos:pos + n].decode(); pos += n
        else:
            size = 4 if dtype == F32 else 2
            arr = np.frombuffer(b[pos:pos + n * size], dtype="<f4" if dtype == F32 else "<f2")
            tensors[name] = arr.astype(np.float32).reshape(dims); pos += n * size
    assert pos == len(b), "trailing bytes"
    return tensors, texts
