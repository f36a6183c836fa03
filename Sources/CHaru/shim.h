#ifndef OCRKIT_CHARU_SHIM_H
#define OCRKIT_CHARU_SHIM_H

#include <hpdf.h>

#endif
