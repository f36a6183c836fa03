// See include/CPDFRendering.h.
#include "CPDFRendering.h"

#if !__has_include(<poppler/cpp/poppler-page-renderer.h>)
#error "OCRKit draws PDF pages with poppler's C++ interface, which is not installed: apt-get install libpoppler-cpp-dev (scripts/setup does)"
#endif

#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-global.h>
#include <poppler/cpp/poppler-image.h>
#include <poppler/cpp/poppler-page-renderer.h>
#include <poppler/cpp/poppler-page.h>

#include <climits>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>

namespace {
thread_local std::string lastError;
/// The first complaint poppler made on this thread since the call began: why a document would not open.
thread_local std::string popplerComplaint;

int fail(const std::string &reason) {
    lastError = reason;
    return -1;
}

/// poppler-cpp reports each complaint through one process-wide function, on the thread that
/// made it, and prints them all by default: a damaged shading printed half a million lines. Its
/// complaints are kept instead, the first of each call, for the error that needs one.
void keepFirstComplaint(const std::string &message, void *) {
    if (popplerComplaint.empty()) popplerComplaint = message;
}

std::string withComplaint(const std::string &reason) {
    return popplerComplaint.empty() ? reason : reason + " (" + popplerComplaint + ")";
}
} // namespace

extern "C" const char *ocrkit_pdf_last_error(void) { return lastError.c_str(); }

extern "C" int ocrkit_pdf_render_page(const char *path, const void *data, size_t length, const char *password, int page,
                                      double dots_per_inch, uint8_t **pixels, int *width, int *height) {
    static std::once_flag quiet;
    std::call_once(quiet, [] { poppler::set_debug_error_function(keepFirstComplaint, nullptr); });
    popplerComplaint.clear();
    *pixels = nullptr;
    *width = *height = 0;

    const std::string secret = password ? password : "";
    std::unique_ptr<poppler::document> document;
    if (path) {
        document.reset(poppler::document::load_from_file(path, secret, secret));
    } else {
        if (length > size_t(INT_MAX)) return fail("the PDF is over 2 GB, more than poppler reads from memory");
        document.reset(poppler::document::load_from_raw_data(static_cast<const char *>(data), int(length), secret, secret));
    }
    if (!document) return fail(withComplaint("poppler cannot open it"));
    if (document->is_locked()) return fail(password ? "the password does not open it" : "it needs a password");
    if (page < 0 || page >= document->pages()) {
        return fail("it has " + std::to_string(document->pages()) + " pages, not " + std::to_string(page + 1));
    }
    std::unique_ptr<poppler::page> opened(document->create_page(page));
    if (!opened) return fail(withComplaint("poppler cannot open page " + std::to_string(page + 1)));

    poppler::page_renderer renderer;
    renderer.set_render_hint(poppler::page_renderer::antialiasing);
    renderer.set_render_hint(poppler::page_renderer::text_antialiasing);
    renderer.set_image_format(poppler::image::format_bgr24);
    const poppler::image drawn = renderer.render_page(opened.get(), dots_per_inch, dots_per_inch);
    if (!drawn.is_valid() || drawn.width() <= 0 || drawn.height() <= 0) {
        return fail(withComplaint("poppler could not draw page " + std::to_string(page + 1)));
    }

    const int columns = drawn.width(), rows = drawn.height(), stride = drawn.bytes_per_row();
    auto *rgb = static_cast<uint8_t *>(std::malloc(size_t(columns) * size_t(rows) * 3));
    if (!rgb) return fail("no memory for a page of " + std::to_string(columns) + " x " + std::to_string(rows) + " pixels");
    const auto *source = reinterpret_cast<const uint8_t *>(drawn.const_data());
    for (int y = 0; y < rows; ++y) {
        const uint8_t *from = source + size_t(y) * size_t(stride);
        uint8_t *to = rgb + size_t(y) * size_t(columns) * 3;
        for (int x = 0; x < columns; ++x, from += 3, to += 3) {
            to[0] = from[2];
            to[1] = from[1];
            to[2] = from[0];
        }
    }
    *pixels = rgb;
    *width = columns;
    *height = rows;
    return 0;
}
