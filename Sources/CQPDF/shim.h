#ifndef OCRKIT_CQPDF_SHIM_H
#define OCRKIT_CQPDF_SHIM_H

#include <qpdf/qpdf-c.h>

#endif
