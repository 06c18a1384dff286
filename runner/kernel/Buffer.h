//===- Buffer.h - Host memory for kernel arguments and results --*- C++ -*-===//
//
// A Buffer holds the data of one argument or result of a kernel: a strided
// memref (what tensors become at function boundaries) or a scalar. It knows
// how to describe itself to compiled code as an MLIR memref descriptor.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_RUNNER_KERNEL_BUFFER_H
#define LOOM_RUNNER_KERNEL_BUFFER_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace mlir::loom {

/// Element types the runner can create, copy and compare.
enum class ElementKind { I1, I8, I16, I32, I64, Index, F16, BF16, F32, F64 };

std::optional<ElementKind> getElementKind(Type type);
/// Bytes per element in memory (i1 takes one byte, index eight).
int64_t getByteSize(ElementKind kind);

/// The product of `shape`, or none when it does not fit in 64 bits.
std::optional<int64_t> getElementCount(ArrayRef<int64_t> shape);

/// The bytes a strided buffer of `shape` spans (from element 0 to the last
/// one its strides reach, at least one element), or none when that does not
/// fit in 64 bits.
std::optional<int64_t> getStorageBytes(ElementKind kind,
                                       ArrayRef<int64_t> shape,
                                       ArrayRef<int64_t> strides,
                                       int64_t offset);
bool isFloatKind(ElementKind kind);
/// Machine epsilon (distance from 1 to the next value) of a float kind.
double getEpsilon(ElementKind kind);

/// Conversions between f32 and the 16-bit float formats (round to nearest
/// even, NaN and infinities preserved).
uint16_t floatToHalf(float value);
float halfToFloat(uint16_t bits);
uint16_t floatToBFloat(float value);
float bfloatToFloat(uint16_t bits);

/// Host memory for one memref (of any rank, 0 included) or one scalar.
class Buffer {
public:
  /// A contiguous row-major memref, 64-byte aligned, zero-filled.
  static Buffer allocate(ElementKind kind, ArrayRef<int64_t> shape);
  /// A memref with explicit strides and offset (in elements).
  static Buffer allocateStrided(ElementKind kind, ArrayRef<int64_t> shape,
                                ArrayRef<int64_t> strides, int64_t offset);
  /// A scalar argument or result.
  static Buffer scalar(ElementKind kind);
  /// A contiguous copy of the memref described by a descriptor that compiled
  /// code returned (elements are read through its strides).
  static Buffer copyFromDescriptor(ElementKind kind, int64_t rank,
                                   const int64_t *descriptor);

  Buffer() = default;
  Buffer(Buffer &&) = default;
  Buffer &operator=(Buffer &&) = default;
  Buffer clone() const;

  ElementKind getKind() const { return kind; }
  bool isScalar() const { return scalarValue; }
  ArrayRef<int64_t> getShape() const { return shape; }
  ArrayRef<int64_t> getStrides() const { return strides; }
  int64_t getNumElements() const;
  /// True when elements are stored row-major without gaps from offset 0.
  bool isContiguous() const { return contiguous; }

  /// Element access by row-major logical index (through the strides).
  double getFloat(int64_t index) const;
  int64_t getInt(int64_t index) const;
  void setFloat(int64_t index, double value);
  void setInt(int64_t index, int64_t value);

  /// Address of the element at a row-major logical index (through the
  /// strides), for copying raw element bytes.
  void *getElementAddress(int64_t index) const { return elementAddress(index); }

  /// Multi-dimensional index of a row-major logical index.
  SmallVector<int64_t> delinearize(int64_t index) const;

  /// Start of the storage (the allocated and aligned pointer).
  void *data() const { return storage.get(); }

  /// The MLIR memref descriptor of this buffer, as 64-bit words: allocated
  /// pointer, aligned pointer, offset, sizes[rank], strides[rank].
  SmallVector<int64_t> getDescriptor() const;

private:
  struct FreeDeleter {
    void operator()(void *ptr) const;
  };
  void *elementAddress(int64_t index) const;

  ElementKind kind = ElementKind::F32;
  bool scalarValue = false;
  SmallVector<int64_t> shape, strides;
  int64_t offset = 0;
  bool contiguous = true;
  int64_t storageBytes = 0;
  std::unique_ptr<void, FreeDeleter> storage;
};

} // namespace mlir::loom

#endif // LOOM_RUNNER_KERNEL_BUFFER_H
