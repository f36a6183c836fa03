// A PDF page drawn by poppler's own renderer, Splash (poppler-cpp's page_renderer), behind a C
// interface Swift can call. libvips draws PDFs through poppler's cairo backend, which takes
// minutes and gigabytes on some shadings that Splash draws in a second.
//
// Functions return 0 on success; on failure they return -1 and `ocrkit_pdf_last_error()` says
// why. They never throw, and they block: call them off Swift's cooperative pool.
#ifndef OCRKIT_CPDFRENDERING_H
#define OCRKIT_CPDFRENDERING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Why the last call on this thread failed.
const char *ocrkit_pdf_last_error(void);

/// Draws page `page` (from 0) of a PDF at `dots_per_inch`, as a viewer shows it: its crop box,
/// turned as the page says, on white. The PDF is the file at `path` or, when `path` is NULL, the
/// `length` bytes at `data`; `password` (or NULL) opens an encrypted one.
///
/// On success `*pixels` holds `*width` x `*height` RGB pixels, rows top to bottom without
/// padding, which the caller frees with `free`.
int ocrkit_pdf_render_page(const char *path, const void *data, size_t length, const char *password, int page,
                           double dots_per_inch, uint8_t **pixels, int *width, int *height);

#ifdef __cplusplus
}
#endif

#endif
