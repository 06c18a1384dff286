//===- Buffer.cpp - Host memory for kernel arguments and results ----------===//

#include "runner/kernel/Buffer.h"
#include "runner/kernel/KernelAllocator.h"

#include "llvm/Support/CheckedArithmetic.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace mlir::loom {

std::optional<ElementKind> getElementKind(Type type) {
  if (isa<IndexType>(type))
    return ElementKind::Index;
  if (type.isF16())
    return ElementKind::F16;
  if (type.isBF16())
    return ElementKind::BF16;
  if (type.isF32())
    return ElementKind::F32;
  if (type.isF64())
    return ElementKind::F64;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    switch (intType.getWidth()) {
    case 1:
      return ElementKind::I1;
    case 8:
      return ElementKind::I8;
    case 16:
      return ElementKind::I16;
    case 32:
      return ElementKind::I32;
    case 64:
      return ElementKind::I64;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

int64_t getByteSize(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
  case ElementKind::I8:
    return 1;
  case ElementKind::I16:
  case ElementKind::F16:
  case ElementKind::BF16:
    return 2;
  case ElementKind::I32:
  case ElementKind::F32:
    return 4;
  case ElementKind::I64:
  case ElementKind::Index:
  case ElementKind::F64:
    return 8;
  }
  llvm_unreachable("unknown element kind");
}

bool isFloatKind(ElementKind kind) {
  return kind == ElementKind::F16 || kind == ElementKind::BF16 ||
         kind == ElementKind::F32 || kind == ElementKind::F64;
}

double getEpsilon(ElementKind kind) {
  switch (kind) {
  case ElementKind::F16:
    return std::ldexp(1.0, -10);
  case ElementKind::BF16:
    return std::ldexp(1.0, -7);
  case ElementKind::F32:
    return std::ldexp(1.0, -23);
  case ElementKind::F64:
    return std::ldexp(1.0, -52);
  default:
    return 0.0;
  }
}

static uint32_t floatBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return bits;
}

static float bitsToFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, sizeof(value));
  return value;
}

uint16_t floatToHalf(float value) {
  uint32_t x = floatBits(value);
  uint32_t sign = (x >> 16) & 0x8000;
  uint32_t mantissa = x & 0x7fffff;
  int32_t exponent = static_cast<int32_t>((x >> 23) & 0xff);
  if (exponent == 0xff) // Infinity or NaN (keep NaNs quiet).
    return sign | 0x7c00 | (mantissa ? 0x200 | (mantissa >> 13) : 0);
  int32_t halfExponent = exponent - 127 + 15;
  if (halfExponent >= 0x1f)
    return sign | 0x7c00;
  uint32_t half, remainder, halfway;
  if (halfExponent <= 0) {
    if (halfExponent < -10)
      return sign;
    mantissa |= 0x800000;
    uint32_t shift = static_cast<uint32_t>(14 - halfExponent);
    half = mantissa >> shift;
    remainder = mantissa & ((1u << shift) - 1);
    halfway = 1u << (shift - 1);
  } else {
    half = (static_cast<uint32_t>(halfExponent) << 10) | (mantissa >> 13);
    remainder = mantissa & 0x1fff;
    halfway = 0x1000;
  }
  // Round to nearest even; a carry into the exponent is the right result.
  if (remainder > halfway || (remainder == halfway && (half & 1)))
    ++half;
  return static_cast<uint16_t>(sign | half);
}

float halfToFloat(uint16_t bits) {
  uint32_t sign = static_cast<uint32_t>(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  if (exponent == 0x1f)
    return bitsToFloat(sign | 0x7f800000 | (mantissa << 13));
  if (exponent == 0) {
    float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  return bitsToFloat(sign | ((exponent - 15 + 127) << 23) | (mantissa << 13));
}

uint16_t floatToBFloat(float value) {
  uint32_t x = floatBits(value);
  if (std::isnan(value))
    return static_cast<uint16_t>((x >> 16) | 0x40);
  x += 0x7fff + ((x >> 16) & 1);
  return static_cast<uint16_t>(x >> 16);
}

float bfloatToFloat(uint16_t bits) {
  return bitsToFloat(static_cast<uint32_t>(bits) << 16);
}

void Buffer::FreeDeleter::operator()(void *ptr) const { std::free(ptr); }

static SmallVector<int64_t> getRowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * std::max<int64_t>(shape[i + 1], 1);
  return strides;
}

static bool isRowMajor(ArrayRef<int64_t> shape, ArrayRef<int64_t> strides,
                       int64_t offset) {
  if (offset != 0)
    return false;
  SmallVector<int64_t> expected = getRowMajorStrides(shape);
  for (auto [size, stride, want] : llvm::zip_equal(shape, strides, expected))
    if (size > 1 && stride != want)
      return false;
  return true;
}

std::optional<int64_t> getElementCount(ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t size : shape) {
    std::optional<int64_t> product = llvm::checkedMul(count, size);
    if (!product || size < 0)
      return std::nullopt;
    count = *product;
  }
  return count;
}

std::optional<int64_t> getStorageBytes(ElementKind kind,
                                       ArrayRef<int64_t> shape,
                                       ArrayRef<int64_t> strides,
                                       int64_t offset) {
  std::optional<int64_t> extent = llvm::checkedAdd<int64_t>(offset, 1);
  bool empty = false;
  for (auto [size, stride] : llvm::zip_equal(shape, strides)) {
    empty |= size == 0;
    if (!extent || size < 0)
      return std::nullopt;
    std::optional<int64_t> step = llvm::checkedMul(size - 1, stride);
    extent = step ? llvm::checkedAdd(*extent, *step) : std::nullopt;
  }
  if (!extent)
    return std::nullopt;
  if (empty)
    extent = offset;
  std::optional<int64_t> bytes =
      llvm::checkedMul(std::max<int64_t>(*extent, 1), getByteSize(kind));
  // Rounded up to whole cache lines.
  if (!bytes || *bytes > INT64_MAX - 63)
    return std::nullopt;
  return (*bytes + 63) / 64 * 64;
}

Buffer Buffer::allocateStrided(ElementKind kind, ArrayRef<int64_t> shape,
                               ArrayRef<int64_t> strides, int64_t offset) {
  Buffer buffer;
  buffer.kind = kind;
  buffer.shape.assign(shape.begin(), shape.end());
  buffer.strides.assign(strides.begin(), strides.end());
  buffer.offset = offset;
  buffer.contiguous = isRowMajor(shape, strides, offset);
  // Sizes were checked when the arguments were resolved; a kernel's result
  // of a size that does not fit is no buffer.
  std::optional<int64_t> bytes = getStorageBytes(kind, shape, strides, offset);
  if (!bytes || !getElementCount(shape))
    llvm::report_fatal_error("a kernel buffer's size does not fit in 64 bits");
  buffer.storageBytes = *bytes;
  buffer.storage.reset(allocateBuffer(64, buffer.storageBytes));
  if (!buffer.storage)
    llvm::report_fatal_error("out of memory allocating a kernel buffer");
  std::memset(buffer.storage.get(), 0, buffer.storageBytes);
  return buffer;
}

Buffer Buffer::allocate(ElementKind kind, ArrayRef<int64_t> shape) {
  return allocateStrided(kind, shape, getRowMajorStrides(shape), 0);
}

Buffer Buffer::scalar(ElementKind kind) {
  Buffer buffer = allocate(kind, {});
  buffer.scalarValue = true;
  return buffer;
}

Buffer Buffer::copyFromDescriptor(ElementKind kind, int64_t rank,
                                  const int64_t *descriptor) {
  ArrayRef<int64_t> sizes(descriptor + 3, rank);
  ArrayRef<int64_t> strides(descriptor + 3 + rank, rank);
  int64_t offset = descriptor[2];
  void *aligned = reinterpret_cast<void *>(descriptor[1]);
  Buffer copy = allocate(kind, sizes);
  int64_t count = copy.getNumElements();
  int64_t elementBytes = getByteSize(kind);
  if (isRowMajor(sizes, strides, offset)) {
    std::memcpy(copy.data(), aligned, count * elementBytes);
    return copy;
  }
  for (int64_t i = 0; i < count; ++i) {
    SmallVector<int64_t> index = copy.delinearize(i);
    int64_t element = offset;
    for (auto [idx, stride] : llvm::zip_equal(index, strides))
      element += idx * stride;
    std::memcpy(static_cast<char *>(copy.data()) + i * elementBytes,
                static_cast<char *>(aligned) + element * elementBytes,
                elementBytes);
  }
  return copy;
}

Buffer Buffer::clone() const {
  Buffer copy;
  copy.kind = kind;
  copy.scalarValue = scalarValue;
  copy.shape = shape;
  copy.strides = strides;
  copy.offset = offset;
  copy.contiguous = contiguous;
  copy.storageBytes = storageBytes;
  copy.storage.reset(allocateBuffer(64, storageBytes));
  if (!copy.storage)
    llvm::report_fatal_error("out of memory copying a kernel buffer");
  std::memcpy(copy.storage.get(), storage.get(), storageBytes);
  return copy;
}

int64_t Buffer::getNumElements() const {
  // allocateStrided checked that it fits.
  return *getElementCount(shape);
}

SmallVector<int64_t> Buffer::delinearize(int64_t index) const {
  SmallVector<int64_t> result(shape.size(), 0);
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    if (shape[d] == 0)
      continue;
    result[d] = index % shape[d];
    index /= shape[d];
  }
  return result;
}

void *Buffer::elementAddress(int64_t index) const {
  int64_t element = offset;
  if (contiguous) {
    element = index;
  } else {
    SmallVector<int64_t> multi = delinearize(index);
    for (auto [idx, stride] : llvm::zip_equal(multi, strides))
      element += idx * stride;
  }
  return static_cast<char *>(storage.get()) + element * getByteSize(kind);
}

template <typename T> static T load(const void *address) {
  T value;
  std::memcpy(&value, address, sizeof(T));
  return value;
}

template <typename T> static void store(void *address, T value) {
  std::memcpy(address, &value, sizeof(T));
}

double Buffer::getFloat(int64_t index) const {
  const void *address = elementAddress(index);
  switch (kind) {
  case ElementKind::F16:
    return halfToFloat(load<uint16_t>(address));
  case ElementKind::BF16:
    return bfloatToFloat(load<uint16_t>(address));
  case ElementKind::F32:
    return load<float>(address);
  case ElementKind::F64:
    return load<double>(address);
  default:
    return static_cast<double>(getInt(index));
  }
}

int64_t Buffer::getInt(int64_t index) const {
  const void *address = elementAddress(index);
  switch (kind) {
  case ElementKind::I1:
    return load<uint8_t>(address) & 1;
  case ElementKind::I8:
    return load<int8_t>(address);
  case ElementKind::I16:
    return load<int16_t>(address);
  case ElementKind::I32:
    return load<int32_t>(address);
  case ElementKind::I64:
  case ElementKind::Index:
    return load<int64_t>(address);
  default:
    return static_cast<int64_t>(getFloat(index));
  }
}

void Buffer::setFloat(int64_t index, double value) {
  void *address = elementAddress(index);
  switch (kind) {
  case ElementKind::F16:
    return store(address, floatToHalf(static_cast<float>(value)));
  case ElementKind::BF16:
    return store(address, floatToBFloat(static_cast<float>(value)));
  case ElementKind::F32:
    return store(address, static_cast<float>(value));
  case ElementKind::F64:
    return store(address, value);
  default:
    return setInt(index, static_cast<int64_t>(value));
  }
}

void Buffer::setInt(int64_t index, int64_t value) {
  void *address = elementAddress(index);
  switch (kind) {
  case ElementKind::I1:
    return store(address, static_cast<uint8_t>(value & 1));
  case ElementKind::I8:
    return store(address, static_cast<int8_t>(value));
  case ElementKind::I16:
    return store(address, static_cast<int16_t>(value));
  case ElementKind::I32:
    return store(address, static_cast<int32_t>(value));
  case ElementKind::I64:
  case ElementKind::Index:
    return store(address, value);
  default:
    return setFloat(index, static_cast<double>(value));
  }
}

SmallVector<int64_t> Buffer::getDescriptor() const {
  SmallVector<int64_t> words;
  auto pointer = reinterpret_cast<int64_t>(storage.get());
  words.push_back(pointer);
  words.push_back(pointer);
  words.push_back(offset);
  words.append(shape.begin(), shape.end());
  words.append(strides.begin(), strides.end());
  return words;
}

} // namespace mlir::loom
