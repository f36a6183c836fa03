// ONNX Runtime's C API, when its headers are installed where the compiler looks by itself
// (/usr/include/onnxruntime from Debian's and Ubuntu's libonnxruntime-dev, or /usr/local/include/
// onnxruntime). The library itself is loaded at run time (dlopen) by OCRKitONNX, so nothing here
// is linked.
#ifndef OCRKIT_CONNXRUNTIME_H
#define OCRKIT_CONNXRUNTIME_H

#if __has_include(<onnxruntime/onnxruntime_c_api.h>)
#include <onnxruntime/onnxruntime_c_api.h>
#define OCRKIT_CONNXRUNTIME_HAS_API 1

/// The API table of the library `OrtGetApiBase` came from, for the headers' version.
static inline const OrtApi *ocrkit_ort_api(const OrtApiBase *base) {
    return base->GetApi(ORT_API_VERSION);
}

/// Makes an allocator that maps every block of 2 MB or more from the system, in whole huge pages
/// and advising them, and unmaps it when freed, once it keeps 32 MB of freed blocks for reuse;
/// smaller blocks come from malloc. It lives as long as the process, like the environment it is
/// registered with.
OrtStatus *ocrkit_ort_make_mapping_allocator(const OrtApi *api, OrtAllocator **allocator);
#endif

/// The file of the loaded shared library that holds `symbol`, as the dynamic loader found it, or
/// NULL.
const char *ocrkit_library_file(const void *symbol);

#endif
