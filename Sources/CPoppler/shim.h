#ifndef OCRKIT_CPOPPLER_SHIM_H
#define OCRKIT_CPOPPLER_SHIM_H

// poppler's GLib interface, for the text a PDF's pages already hold (libvips renders their
// pixels through the same poppler).
#include <poppler.h>

#endif
