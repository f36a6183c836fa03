// Non-variadic wrappers around the libvips calls OCRKit makes: Swift cannot call C variadic
// functions, and most of libvips's API is variadic. Each wrapper fixes the optional arguments
// OCRKit needs and nothing more.
#ifndef OCRKIT_CVIPS_SHIM_H
#define OCRKIT_CVIPS_SHIM_H

#include <vips/vips.h>

/// Opens an image from a source, reading its header only; pixels are decoded on demand.
/// Truncated data is an error rather than grey pixels.
static inline VipsImage *ocrkit_vips_open_source(VipsSource *source) {
    return vips_image_new_from_source(source, "",
        "access", VIPS_ACCESS_SEQUENTIAL,
        "fail_on", VIPS_FAIL_ON_TRUNCATED,
        NULL);
}

/// Opens page `page` (from 0) of a document of pages (a multi-page TIFF), reading its header only.
static inline VipsImage *ocrkit_vips_open_source_page(VipsSource *source, int page) {
    return vips_image_new_from_source(source, "",
        "access", VIPS_ACCESS_SEQUENTIAL,
        "fail_on", VIPS_FAIL_ON_TRUNCATED,
        "page", page,
        NULL);
}

/// Decodes from a source with shrink-on-load so that neither side exceeds `max_side`, applying
/// the EXIF orientation; never upsizes.
/// `options` are the loader's, as libvips writes them ("page=2").
static inline int ocrkit_vips_thumbnail_source(VipsSource *source, VipsImage **out, int max_side, const char *options) {
    return vips_thumbnail_source(source, out, max_side,
        "height", max_side,
        "size", VIPS_SIZE_DOWN,
        "option_string", options,
        NULL);
}

static inline int ocrkit_vips_autorot(VipsImage *in, VipsImage **out) {
    return vips_autorot(in, out, NULL);
}

static inline int ocrkit_vips_colourspace(VipsImage *in, VipsImage **out, VipsInterpretation space) {
    return vips_colourspace(in, out, space, NULL);
}

/// Composes an alpha channel over a white background.
static inline int ocrkit_vips_flatten_white(VipsImage *in, VipsImage **out) {
    VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
    int result = vips_flatten(in, out, "background", white, NULL);
    vips_area_unref(VIPS_AREA(white));
    return result;
}

static inline int ocrkit_vips_cast_uchar(VipsImage *in, VipsImage **out) {
    return vips_cast_uchar(in, out, NULL);
}

static inline int ocrkit_vips_extract_bands(VipsImage *in, VipsImage **out, int first, int count) {
    return vips_extract_band(in, out, first, "n", count, NULL);
}

/// Renders `text` (Pango markup) as a one-band mask: 255 where ink is.
static inline int ocrkit_vips_text(VipsImage **out, const char *text, const char *font, int dpi, int width) {
    return vips_text(out, text, "font", font, "dpi", dpi, "width", width, NULL);
}

static inline int ocrkit_vips_invert(VipsImage *in, VipsImage **out) {
    return vips_invert(in, out, NULL);
}

/// Places the image on a white canvas of `width` x `height` with its top left at (`x`, `y`).
static inline int ocrkit_vips_embed_white(VipsImage *in, VipsImage **out, int x, int y, int width, int height) {
    return vips_embed(in, out, x, y, width, height, "extend", VIPS_EXTEND_WHITE, NULL);
}

/// Turns the image by a multiple of 90 degrees, clockwise.
/// A copy of the image recording a resolution, in pixels per millimetre.
static inline int ocrkit_vips_copy_resolution(VipsImage *in, VipsImage **out, double xres, double yres) {
    return vips_copy(in, out, "xres", xres, "yres", yres, NULL);
}

/// Encodes as JPEG into a buffer the caller frees with g_free.
static inline int ocrkit_vips_jpegsave_buffer(VipsImage *in, void **buffer, size_t *length, int quality) {
    return vips_jpegsave_buffer(in, buffer, length, "Q", quality, NULL);
}

/// Saves as a PNG, not interlaced, each row filtered as suits it: its image data is what PDF's
/// Flate filter reads with PNG predictors.
static inline int ocrkit_vips_pngsave_buffer(VipsImage *in, void **buffer, size_t *length) {
    return vips_pngsave_buffer(in, buffer, length, "compression", 6, "interlace", FALSE,
        "filter", VIPS_FOREIGN_PNG_FILTER_ALL, NULL);
}

/// Saves as a TIFF without loss (deflate), keeping the resolution.
static inline int ocrkit_vips_tiffsave_buffer(VipsImage *in, void **buffer, size_t *length) {
    return vips_tiffsave_buffer(in, buffer, length, "compression", VIPS_FOREIGN_TIFF_COMPRESSION_DEFLATE, NULL);
}

/// Saves in the format the file name's extension names.
static inline int ocrkit_vips_write_to_file(VipsImage *image, const char *path) {
    return vips_image_write_to_file(image, path, NULL);
}

/// The EXIF orientation an image's header records (1 to 8), or 1 when it records none.
static inline int ocrkit_vips_orientation(VipsImage *image) {
    int orientation = 1;
    if (vips_image_get_typeof(image, VIPS_META_ORIENTATION) && vips_image_get_int(image, VIPS_META_ORIENTATION, &orientation) != 0) {
        orientation = 1;
    }
    return orientation;
}

#endif
