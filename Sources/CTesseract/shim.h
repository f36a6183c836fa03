#ifndef OCRKIT_CTESSERACT_SHIM_H
#define OCRKIT_CTESSERACT_SHIM_H

#include <tesseract/capi.h>
#include <leptonica/allheaders.h>

#endif
