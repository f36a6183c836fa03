// Non-variadic wrappers around the libtiff calls OCRKit makes: Swift cannot call TIFFSetField,
// which is variadic. libtiff is the library libvips itself writes TIFFs with.
#ifndef OCRKIT_CTIFF_SHIM_H
#define OCRKIT_CTIFF_SHIM_H

#include <tiffio.h>

/// Sets a tag whose value is one 32-bit number (sizes, rows per strip).
static inline int ocrkit_tiff_set_uint32(TIFF *tiff, uint32_t tag, uint32_t value) {
    return TIFFSetField(tiff, tag, value);
}

/// Sets a tag whose value is one 16-bit number (compression, photometric, bits per sample).
static inline int ocrkit_tiff_set_uint16(TIFF *tiff, uint32_t tag, uint16_t value) {
    return TIFFSetField(tiff, tag, (int)value);
}

static int ocrkit_tiff_quiet(TIFF *tiff, void *data, const char *module, const char *format, va_list arguments) {
    return 1;
}

/// Opens a TIFF whose warnings and errors stay off standard error (callers report failures
/// themselves), without touching libtiff's process-wide handlers, which libvips also uses.
static inline TIFF *ocrkit_tiff_open(const char *path, const char *mode) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    TIFFOpenOptionsSetErrorHandlerExtR(options, ocrkit_tiff_quiet, NULL);
    TIFFOpenOptionsSetWarningHandlerExtR(options, ocrkit_tiff_quiet, NULL);
    TIFF *tiff = TIFFOpenExt(path, mode, options);
    TIFFOpenOptionsFree(options);
    return tiff;
}

#endif
