//===- Inputs.cpp - Kernel argument shapes and input data -----------------===//

#include "runner/kernel/Inputs.h"
#include "runner/results/Status.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::loom {

std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

llvm::Expected<ValueSignature> getValueSignature(Type type,
                                                 llvm::StringRef what) {
  ValueSignature signature;
  signature.type = type;
  Type elementType = type;
  if (auto shaped = dyn_cast<ShapedType>(type)) {
    if (!isa<RankedTensorType, MemRefType>(type) || !shaped.hasRank())
      return makeError(ExitCode::InvalidInput,
                       what + " has type " + typeToString(type) +
                           ": only ranked tensors, memrefs and scalars can be "
                           "passed to a kernel");
    elementType = shaped.getElementType();
    signature.rank = shaped.getRank();
  } else {
    signature.isScalar = true;
  }
  std::optional<ElementKind> kind = getElementKind(elementType);
  if (!kind)
    return makeError(ExitCode::InvalidInput,
                     what + " has element type " + typeToString(elementType) +
                         ", which loom run does not support (supported: i1, "
                         "i8, i16, i32, i64, index, f16, bf16, f32, f64)");
  signature.kind = *kind;
  return signature;
}

namespace {
/// A dynamic dimension of the signature, in order.
struct DynamicDim {
  unsigned arg, dim;
  std::string name;
};

/// resolveArguments, step by step.
class ArgumentResolver {
public:
  explicit ArgumentResolver(FunctionOpInterface func) : func(func) {}

  /// Each argument's signature and static sizes; the dynamic dimensions and
  /// the sizes that named static dimensions fix.
  llvm::Error collect();
  /// --dim, by position among the dynamic dimensions or by name.
  llvm::Error applyDims(ArrayRef<DimSize> dims);
  /// Every dynamic dimension gets its size; all missing ones are named in
  /// one error.
  llvm::Error fillDynamicSizes();
  /// Strides, offset and the static type of each argument, then its size.
  llvm::Error computeLayouts();

  SmallVector<Argument> arguments;

private:
  llvm::Error collectArgument(unsigned index, Type type);
  llvm::Error applyDim(const DimSize &dim);
  /// Each argument's bytes; fails when they do not fit in 64 bits.
  llvm::Error computeSizes();
  llvm::Error tooBig(const Argument &argument);
  std::string getDynamicNames() const;

  FunctionOpInterface func;
  SmallVector<DynamicDim> dynamicDims;
  SmallVector<std::optional<int64_t>> dynamicSizes;
  /// Sizes known for each dimension name, and where they come from.
  llvm::StringMap<std::pair<int64_t, std::string>> namedSizes;
};
} // namespace

llvm::Error ArgumentResolver::collectArgument(unsigned index, Type type) {
  Argument &argument = arguments.emplace_back();
  argument.index = index;
  argument.name = llvm::formatv("arg {0}", index).str();
  auto signature = getValueSignature(type, ("argument #" + Twine(index)).str());
  if (!signature)
    return signature.takeError();
  argument.signature = *signature;
  auto shaped = dyn_cast<ShapedType>(type);
  if (!shaped)
    return llvm::Error::success();
  argument.shape.assign(shaped.getShape().begin(), shaped.getShape().end());
  auto names = func.getArgAttrOfType<ArrayAttr>(index, "loom.dims");
  if (names && names.size() != static_cast<size_t>(shaped.getRank()))
    return makeError(ExitCode::InvalidInput,
                     llvm::formatv("argument #{0}: loom.dims names {1} "
                                   "dimensions but the type has rank {2}",
                                   index, names.size(), shaped.getRank()));
  for (int64_t d = 0; d < shaped.getRank(); ++d) {
    std::string name;
    if (names) {
      auto str = dyn_cast<StringAttr>(names[d]);
      if (!str)
        return makeError(ExitCode::InvalidInput,
                         "argument #" + Twine(index) +
                             ": loom.dims must be an array of strings");
      name = str.str();
    }
    if (shaped.isDynamicDim(d)) {
      dynamicDims.push_back({index, static_cast<unsigned>(d), name});
      continue;
    }
    if (name.empty())
      continue;
    std::string where = llvm::formatv("argument #{0} dimension {1}", index, d);
    auto [it, inserted] =
        namedSizes.try_emplace(name, shaped.getDimSize(d), where);
    if (!inserted && it->second.first != shaped.getDimSize(d))
      return makeError(
          ExitCode::InvalidInput,
          llvm::formatv("dimension '{0}' is {1} in {2} but {3} in {4}", name,
                        it->second.first, it->second.second,
                        shaped.getDimSize(d), where));
  }
  return llvm::Error::success();
}

llvm::Error ArgumentResolver::collect() {
  for (auto [index, type] : llvm::enumerate(func.getArgumentTypes()))
    if (llvm::Error error = collectArgument(index, type))
      return error;
  dynamicSizes.assign(dynamicDims.size(), std::nullopt);
  return llvm::Error::success();
}

std::string ArgumentResolver::getDynamicNames() const {
  std::string names;
  llvm::StringSet<> seen;
  for (const DynamicDim &dynamic : dynamicDims)
    if (!dynamic.name.empty() && seen.insert(dynamic.name).second)
      names += (names.empty() ? "" : ", ") + dynamic.name;
  return names;
}

llvm::Error ArgumentResolver::applyDim(const DimSize &dim) {
  unsigned position;
  if (!llvm::StringRef(dim.spec).getAsInteger(10, position)) {
    if (position >= dynamicDims.size())
      return makeError(
          ExitCode::InvalidInput,
          llvm::formatv("--dim {0}={1}: the function has {2} dynamic "
                        "dimension(s), numbered from 0",
                        dim.spec, dim.size, dynamicDims.size()));
    if (dynamicSizes[position] && *dynamicSizes[position] != dim.size)
      return makeError(ExitCode::InvalidInput,
                       "--dim gives two sizes for dynamic dimension " +
                           Twine(position));
    dynamicSizes[position] = dim.size;
    return llvm::Error::success();
  }
  bool used = false;
  for (auto [position, dynamic] : llvm::enumerate(dynamicDims)) {
    if (dynamic.name != dim.spec)
      continue;
    if (dynamicSizes[position] && *dynamicSizes[position] != dim.size)
      return makeError(ExitCode::InvalidInput,
                       "--dim gives two sizes for dimension '" + dim.spec +
                           "'");
    dynamicSizes[position] = dim.size;
    used = true;
  }
  auto known = namedSizes.find(dim.spec);
  if (known != namedSizes.end()) {
    if (known->second.first != dim.size)
      return makeError(
          ExitCode::InvalidInput,
          llvm::formatv("--dim {0}={1} contradicts {2}, which is {3}", dim.spec,
                        dim.size, known->second.second, known->second.first));
    used = true;
  }
  if (used)
    return llvm::Error::success();
  std::string names = getDynamicNames();
  return makeError(ExitCode::InvalidInput,
                   "--dim " + dim.spec + "=" + Twine(dim.size) +
                       ": no dimension is named '" + dim.spec +
                       "' (names come from loom.dims argument attributes" +
                       (names.empty() ? std::string(")")
                                      : "; dynamic ones here: " + names + ")"));
}

llvm::Error ArgumentResolver::applyDims(ArrayRef<DimSize> dims) {
  for (const DimSize &dim : dims)
    if (llvm::Error error = applyDim(dim))
      return error;
  return llvm::Error::success();
}

llvm::Error ArgumentResolver::fillDynamicSizes() {
  // What is missing: one line per dynamic dimension, and each --dim once
  // (a name covers every dimension that bears it).
  std::vector<std::string> missing, flags;
  llvm::StringSet<> named;
  for (auto [position, dynamic] : llvm::enumerate(dynamicDims)) {
    Argument &argument = arguments[dynamic.arg];
    if (dynamicSizes[position]) {
      argument.shape[dynamic.dim] = *dynamicSizes[position];
      continue;
    }
    std::string how = "--dim " + std::to_string(position) + "=SIZE";
    if (!dynamic.name.empty())
      how = "--dim " + dynamic.name + "=SIZE or " + how;
    missing.push_back(llvm::formatv(
        "argument #{0} ({1}) has dynamic dimension {2} without a size: pass "
        "{3}",
        dynamic.arg, typeToString(argument.signature.type), dynamic.dim, how));
    if (dynamic.name.empty())
      flags.push_back("--dim " + std::to_string(position) + "=SIZE");
    else if (named.insert(dynamic.name).second)
      flags.push_back("--dim " + dynamic.name + "=SIZE");
  }
  if (missing.empty())
    return llvm::Error::success();
  if (missing.size() == 1)
    return makeError(ExitCode::InvalidInput, missing.front());
  return makeError(ExitCode::InvalidInput,
                   llvm::formatv("{0} dynamic dimensions have no size: pass "
                                 "{1}\n  {2}",
                                 missing.size(), llvm::join(flags, " "),
                                 llvm::join(missing, "\n  ")));
}

llvm::Error ArgumentResolver::computeLayouts() {
  for (Argument &argument : arguments) {
    Type type = argument.signature.type;
    if (argument.signature.isScalar) {
      argument.concreteType = type;
      continue;
    }
    // Row-major strides are at most the element count: when it fits, they
    // do.
    if (!getElementCount(argument.shape))
      return tooBig(argument);
    SmallVector<int64_t> rowMajor(argument.shape.size(), 1);
    for (int64_t d = static_cast<int64_t>(argument.shape.size()) - 2; d >= 0;
         --d)
      rowMajor[d] =
          rowMajor[d + 1] * std::max<int64_t>(argument.shape[d + 1], 1);
    argument.strides = rowMajor;
    if (auto tensorType = dyn_cast<RankedTensorType>(type)) {
      argument.concreteType =
          RankedTensorType::get(argument.shape, tensorType.getElementType(),
                                tensorType.getEncoding());
      continue;
    }
    auto memrefType = cast<MemRefType>(type);
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(memrefType.getStridesAndOffset(strides, offset)))
      return makeError(ExitCode::InvalidInput,
                       "argument #" + Twine(argument.index) + " has type " +
                           typeToString(type) +
                           ", whose layout is not strided");
    for (auto [d, stride] : llvm::enumerate(strides)) {
      if (ShapedType::isDynamic(stride))
        continue;
      argument.strides[d] = stride;
    }
    argument.offset = ShapedType::isDynamic(offset) ? 0 : offset;
    argument.concreteType =
        MemRefType::get(argument.shape, memrefType.getElementType(),
                        memrefType.getLayout(), memrefType.getMemorySpace());
  }
  return computeSizes();
}

llvm::Error ArgumentResolver::tooBig(const Argument &argument) {
  std::vector<std::string> sizes;
  for (int64_t size : argument.shape)
    sizes.push_back(std::to_string(size));
  return makeError(ExitCode::InvalidInput,
                   "argument #" + Twine(argument.index) + " (" +
                       typeToString(argument.signature.type) + ", sizes " +
                       llvm::join(sizes, " x ") +
                       ") has more bytes than fit in 64 bits");
}

llvm::Error ArgumentResolver::computeSizes() {
  for (Argument &argument : arguments) {
    if (argument.signature.isScalar)
      continue;
    std::optional<int64_t> bytes =
        getElementCount(argument.shape)
            ? getStorageBytes(argument.signature.kind, argument.shape,
                              argument.strides, argument.offset)
            : std::nullopt;
    if (!bytes)
      return tooBig(argument);
    argument.bytes = *bytes;
  }
  return llvm::Error::success();
}

llvm::Expected<SmallVector<Argument>> resolveArguments(FunctionOpInterface func,
                                                       ArrayRef<DimSize> dims) {
  ArgumentResolver resolver(func);
  if (llvm::Error error = resolver.collect())
    return std::move(error);
  if (llvm::Error error = resolver.applyDims(dims))
    return std::move(error);
  if (llvm::Error error = resolver.fillDynamicSizes())
    return std::move(error);
  if (llvm::Error error = resolver.computeLayouts())
    return std::move(error);
  return std::move(resolver.arguments);
}

namespace {
/// splitmix64: small, fast and the same on every platform.
class RandomStream {
public:
  explicit RandomStream(uint64_t seed) : state(seed) {}
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

private:
  uint64_t state;
};
} // namespace

Buffer createInput(const Argument &argument, InitKind init, uint64_t seed) {
  const ValueSignature &signature = argument.signature;
  Buffer buffer =
      signature.isScalar
          ? Buffer::scalar(signature.kind)
          : Buffer::allocateStrided(signature.kind, argument.shape,
                                    argument.strides, argument.offset);
  RandomStream random(seed * 0x2545f4914f6cdd1dULL + argument.index + 1);
  bool isFloat = isFloatKind(signature.kind);
  int64_t count = buffer.getNumElements();
  for (int64_t i = 0; i < count; ++i) {
    switch (init) {
    case InitKind::Zeros:
      break; // Buffers start zero-filled.
    case InitKind::Ones:
      buffer.setInt(i, 1);
      break;
    case InitKind::Arange:
      buffer.setInt(i, i);
      break;
    case InitKind::Random:
      if (isFloat)
        buffer.setFloat(i, static_cast<double>(random.next() >> 11) *
                                   std::ldexp(1.0, -52) -
                               1.0);
      else if (signature.kind == ElementKind::I1)
        buffer.setInt(i, static_cast<int64_t>(random.next() >> 63));
      else
        buffer.setInt(i, static_cast<int64_t>(random.next() >> 60) - 8);
      break;
    }
  }
  return buffer;
}

} // namespace mlir::loom
