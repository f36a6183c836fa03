// OCRKit's page geometry on OpenCV (core and imgproc), behind a C interface Swift can call.
// OpenCV 4 has no C API of its own; PageGeometry.cpp implements these with its C++ one.
//
// Images are 8-bit, rows top to bottom without padding, 1 (gray) or 3 (RGB) channels.
// Functions return 0 on success; on failure they return -1 and `ocrkit_cv_last_error()`
// says why. They never throw.
#ifndef OCRKIT_COPENCV_H
#define OCRKIT_COPENCV_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    double x, y;
} ocrkit_cv_point;

/// Whether OCRKit was built with OpenCV (Debian's libopencv-imgproc-dev, found by Package.swift).
int ocrkit_cv_is_available(void);

/// What every call says when OCRKit was built without OpenCV, and what fixes it.
const char *ocrkit_cv_unavailability(void);

/// Why the last call on this thread failed.
const char *ocrkit_cv_last_error(void);

/// Finds the largest four-sided page whose edges the image shows along at least
/// `minimum_support` of its outline. On success `corners` holds its corners in image pixels,
/// clockwise from the one nearest the top left, and `confidence` how much of its outline the
/// image's edges support (0 to 1); both are 0 when none is found.
int ocrkit_cv_find_page(const uint8_t *pixels, int width, int height, int channels, double minimum_support,
                        ocrkit_cv_point corners[4], double *confidence);

/// Maps the quadrilateral `corners` (clockwise from the top left) of the source onto the whole
/// `output_width` x `output_height` output, which has the source's channels.
int ocrkit_cv_warp_quad(const uint8_t *pixels, int width, int height, int channels,
                        const ocrkit_cv_point corners[4],
                        uint8_t *output, int output_width, int output_height);

/// The angle in degrees, within +-`max_degrees`, by which the image's lines of text are tilted
/// counter-clockwise (whether they run across or down the image), and how distinct that angle
/// is from the others (0 to 1; near 0 for images without lines of text).
int ocrkit_cv_estimate_skew(const uint8_t *pixels, int width, int height, int channels,
                            double max_degrees, double *degrees, double *confidence);

/// Turns the image clockwise by `degrees` about its centre into an output of the same size,
/// filling the corners it uncovers with the nearest edge pixels.
int ocrkit_cv_rotate(const uint8_t *pixels, int width, int height, int channels, double degrees,
                     uint8_t *output);

/// Evens out the lighting of a page: divides each pixel by its neighbourhood's paper brightness,
/// so that shadows and gradients become white paper again while ink stays dark.
int ocrkit_cv_flatten_lighting(const uint8_t *pixels, int width, int height, int channels,
                               uint8_t *output);

#ifdef __cplusplus
}
#endif

#endif
