// ONNX Runtime's C API, when scripts/setup has fetched its headers into .deps/. The library
// itself is loaded at run time (dlopen) by OCRKitONNX, so nothing here is linked.
#ifndef OCRKIT_CONNXRUNTIME_H
#define OCRKIT_CONNXRUNTIME_H

// Relative to this file: the package's .deps/ folder.
#if __has_include("../../../.deps/onnxruntime/include/onnxruntime_c_api.h")
#include "../../../.deps/onnxruntime/include/onnxruntime_c_api.h"

/// The API table of the library `OrtGetApiBase` came from, for the headers' version.
static inline const OrtApi *ocrkit_ort_api(const OrtApiBase *base) {
    return base->GetApi(ORT_API_VERSION);
}
#endif

#endif
