//===- Npy.cpp - NumPy .npy files in and out ------------------------------===//

#include "runner/kernel/Npy.h"
#include "runner/results/Files.h"
#include "runner/results/JsonReader.h"
#include "runner/results/Status.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Endian.h"

#include <cstring>

namespace mlir::loom {

static constexpr llvm::StringLiteral kMagic("\x93NUMPY");

int64_t NpyArray::getNumElements() const {
  // readNpy checked that it fits.
  return getElementCount(shape).value_or(0);
}

static llvm::Error malformed(llvm::StringRef name, const llvm::Twine &what) {
  return makeError(ExitCode::InvalidInput,
                   "'" + name + "' is not a valid .npy file: " + what);
}

namespace {
/// The header is a Python dict literal:
///   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class HeaderParser {
public:
  explicit HeaderParser(llvm::StringRef text) : text(text.trim()) {}

  /// Fills `array` and `fortranOrder`; returns what is wrong, or "".
  std::string parse(NpyArray &array, bool &fortranOrder) {
    if (!text.consume_front("{"))
      return "the header is not a dict";
    bool sawDescr = false, sawOrder = false, sawShape = false;
    while (true) {
      text = text.ltrim();
      if (text.consume_front("}"))
        break;
      std::string key;
      if (!parseString(key))
        return "expected a quoted key in the header";
      text = text.ltrim();
      if (!text.consume_front(":"))
        return "expected ':' after '" + key + "' in the header";
      text = text.ltrim();
      if (key == "descr") {
        if (text.starts_with("["))
          return "structured dtypes are not supported";
        if (!parseString(array.descr))
          return "'descr' must be a string";
        sawDescr = true;
      } else if (key == "fortran_order") {
        if (text.consume_front("True"))
          fortranOrder = true;
        else if (text.consume_front("False"))
          fortranOrder = false;
        else
          return "'fortran_order' must be True or False";
        sawOrder = true;
      } else if (key == "shape") {
        if (!parseShape(array.shape))
          return "'shape' must be a tuple of non-negative integers";
        sawShape = true;
      } else {
        return "unexpected key '" + key + "' in the header";
      }
      text = text.ltrim();
      text.consume_front(",");
    }
    if (!sawDescr || !sawOrder || !sawShape)
      return "the header lacks 'descr', 'fortran_order' or 'shape'";
    return "";
  }

private:
  bool parseString(std::string &out) {
    if (text.empty() || (text[0] != '\'' && text[0] != '"'))
      return false;
    char quote = text[0];
    size_t end = text.find(quote, 1);
    if (end == llvm::StringRef::npos)
      return false;
    out = text.substr(1, end - 1).str();
    text = text.drop_front(end + 1);
    return true;
  }

  bool parseShape(std::vector<int64_t> &shape) {
    if (!text.consume_front("("))
      return false;
    while (true) {
      text = text.ltrim();
      if (text.consume_front(")"))
        return true;
      size_t length = 0;
      while (length < text.size() && llvm::isDigit(text[length]))
        ++length;
      int64_t size;
      if (length == 0 || text.take_front(length).getAsInteger(10, size))
        return false;
      shape.push_back(size);
      text = text.drop_front(length).ltrim();
      if (!text.consume_front(",") && !text.starts_with(")"))
        return false;
    }
  }

  llvm::StringRef text;
};
} // namespace

/// Bytes per element of a dtype such as "<f4" or "|V2"; 0 if unknown.
static int64_t getItemSize(llvm::StringRef descr) {
  int64_t size = 0;
  if (descr.size() < 3 || descr.drop_front(2).getAsInteger(10, size))
    return 0;
  return size;
}

llvm::Expected<NpyArray> parseNpy(llvm::StringRef bytes, llvm::StringRef name) {
  if (!bytes.starts_with(kMagic))
    return malformed(name, "it does not start with the magic \\x93NUMPY");
  if (bytes.size() < 10)
    return malformed(name, "it is truncated in its header");
  unsigned major = static_cast<uint8_t>(bytes[6]);
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = llvm::support::endian::read16le(bytes.data() + 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return malformed(name, "it is truncated in its header");
    headerLength = llvm::support::endian::read32le(bytes.data() + 8);
    headerStart = 12;
  } else {
    return malformed(name, "format version " + Twine(major) +
                               " is not one of 1, 2, 3");
  }
  if (bytes.size() < headerStart + headerLength)
    return malformed(name, "it is truncated in its header");
  NpyArray array;
  bool fortranOrder = false;
  std::string problem = HeaderParser(bytes.substr(headerStart, headerLength))
                            .parse(array, fortranOrder);
  if (!problem.empty())
    return malformed(name, problem);
  llvm::StringRef descr = array.descr;
  if (fortranOrder)
    return makeError(ExitCode::InvalidInput,
                     "'" + name +
                         "' is in Fortran order; save a C-order array "
                         "(np.save(path, np.ascontiguousarray(a)))");
  if (descr.size() >= 2 && descr[1] == 'O')
    return makeError(ExitCode::InvalidInput,
                     "'" + name +
                         "' holds an object array (Python objects, not "
                         "numbers); save an array of a numeric dtype");
  if (descr.starts_with(">") && getItemSize(descr) > 1)
    return makeError(ExitCode::InvalidInput,
                     "'" + name + "' is big-endian ('" + descr +
                         "'); save it little-endian (a.astype('<" +
                         descr.drop_front() + "'))");
  int64_t itemSize = getItemSize(descr);
  if (itemSize == 0)
    return malformed(name, "unknown dtype '" + descr + "'");
  std::optional<int64_t> count = getElementCount(array.shape);
  std::optional<int64_t> expected =
      count ? llvm::checkedMul(*count, itemSize) : std::nullopt;
  if (!expected)
    return malformed(name, "its shape has more bytes of data than fit in 64 "
                           "bits (dtype '" +
                               descr + "')");
  llvm::StringRef data = bytes.drop_front(headerStart + headerLength);
  if (static_cast<int64_t>(data.size()) != *expected)
    return malformed(name, "the header promises " + Twine(*expected) +
                               " bytes of data (shape and dtype '" + descr +
                               "'), the file has " + Twine(data.size()));
  array.data = data.str();
  return array;
}

std::string getNpyDescr(ElementKind kind) {
  switch (kind) {
  case ElementKind::I1:
    return "|b1";
  case ElementKind::I8:
    return "|i1";
  case ElementKind::I16:
    return "<i2";
  case ElementKind::I32:
    return "<i4";
  case ElementKind::I64:
  case ElementKind::Index:
    return "<i8";
  case ElementKind::F16:
    return "<f2";
  case ElementKind::BF16:
    return "<V2";
  case ElementKind::F32:
    return "<f4";
  case ElementKind::F64:
    return "<f8";
  }
  llvm_unreachable("unknown element kind");
}

bool isNpyDescrFor(llvm::StringRef descr, ElementKind kind) {
  // '|' (not applicable) and '<' are both fine for one-byte types; '='
  // (native) is little-endian on every host Loom runs on.
  std::string normalized = descr.str();
  if (!normalized.empty() && normalized[0] == '=')
    normalized[0] = getByteSize(kind) == 1 ? '|' : '<';
  if (getByteSize(kind) == 1 && !normalized.empty() && normalized[0] == '<')
    normalized[0] = '|';
  if (normalized == getNpyDescr(kind))
    return true;
  if (kind == ElementKind::BF16)
    return normalized == "<u2" || normalized == "|V2";
  if (kind == ElementKind::I1)
    return normalized == "|u1";
  return false;
}

static std::string formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string text = "(";
  for (int64_t size : shape)
    text += std::to_string(size) + (shape.size() == 1 ? "," : ", ");
  if (shape.size() > 1)
    text.resize(text.size() - 2);
  return text + ")";
}

llvm::Error copyNpyInto(const NpyArray &array, Buffer &layout,
                        llvm::StringRef what, llvm::StringRef name) {
  ElementKind kind = layout.getKind();
  if (!isNpyDescrFor(array.descr, kind))
    return makeError(ExitCode::InvalidInput,
                     "'" + name + "' has dtype '" + array.descr + "' but " +
                         what + " needs '" + getNpyDescr(kind) + "'");
  if (!llvm::equal(array.shape, layout.getShape()))
    return makeError(ExitCode::InvalidInput,
                     "'" + name + "' has shape " + formatShape(array.shape) +
                         " but " + what + " needs " +
                         formatShape(layout.getShape()));
  int64_t size = getByteSize(kind);
  int64_t count = layout.getNumElements();
  if (layout.isContiguous() && count > 0) {
    // One copy (a reference output of millions of elements in tune).
    std::memcpy(layout.getElementAddress(0), array.data.data(), count * size);
    return llvm::Error::success();
  }
  for (int64_t i = 0, e = count; i < e; ++i)
    std::memcpy(layout.getElementAddress(i), array.data.data() + i * size,
                size);
  return llvm::Error::success();
}

std::string serializeNpy(const Buffer &buffer) {
  std::string header =
      "{'descr': '" + getNpyDescr(buffer.getKind()) +
      "', 'fortran_order': False, 'shape': " + formatShape(buffer.getShape()) +
      ", }";
  // Magic, version 1.0, header length; the whole preamble padded with
  // spaces and a newline to a multiple of 64 bytes, as NumPy writes it.
  size_t preamble = kMagic.size() + 4;
  size_t total = llvm::alignTo(preamble + header.size() + 1, 64);
  header.append(total - preamble - header.size() - 1, ' ');
  header += '\n';
  std::string bytes = kMagic.str();
  bytes += '\x01';
  bytes += '\x00';
  char length[2];
  llvm::support::endian::write16le(length, header.size());
  bytes.append(length, 2);
  bytes += header;
  int64_t size = getByteSize(buffer.getKind());
  for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i)
    bytes.append(static_cast<const char *>(buffer.getElementAddress(i)), size);
  return bytes;
}

llvm::Expected<NpyArray> readNpyFile(llvm::StringRef path) {
  auto bytes = readTextFile(path, "the .npy file");
  if (!bytes)
    return bytes.takeError();
  return parseNpy(*bytes, path);
}

llvm::Error writeNpyFile(const Buffer &buffer, llvm::StringRef path) {
  return writeTextFile(serializeNpy(buffer), path, "the .npy file");
}

} // namespace mlir::loom
