#define _GNU_SOURCE
#include "CONNXRuntime.h"

#include <dlfcn.h>

const char *ocrkit_library_file(const void *symbol) {
    Dl_info info;
    return dladdr(symbol, &info) != 0 ? info.dli_fname : NULL;
}

#ifdef OCRKIT_CONNXRUNTIME_HAS_API
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

// Each block starts with its length, in a header as long as the alignment ONNX Runtime's CPU
// kernels want, so that the pointer handed out stays aligned.
enum { header = 64, mappedFrom = 2 << 20 };

typedef struct {
    OrtAllocator base;
    OrtMemoryInfo *info;
} MappingAllocator;

static void *mapping_alloc(OrtAllocator *allocator, size_t size) {
    (void)allocator;
    size_t length = size + header;
    uint8_t *block;
    if (length >= mappedFrom) {
        block = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (block == MAP_FAILED) return NULL;
        // One fault a huge page rather than one a 4 kB page: a detector's run touches hundreds
        // of megabytes it has just mapped.
        madvise(block, length, MADV_HUGEPAGE);
    } else if (posix_memalign((void **)&block, header, length) != 0) {
        return NULL;
    }
    *(size_t *)block = length;
    return block + header;
}

static void mapping_free(OrtAllocator *allocator, void *pointer) {
    (void)allocator;
    if (pointer == NULL) return;
    uint8_t *block = (uint8_t *)pointer - header;
    size_t length = *(size_t *)block;
    if (length >= mappedFrom) {
        munmap(block, length);
    } else {
        free(block);
    }
}

static const OrtMemoryInfo *mapping_info(const OrtAllocator *allocator) {
    return ((const MappingAllocator *)allocator)->info;
}

OrtStatus *ocrkit_ort_make_mapping_allocator(const OrtApi *api, OrtAllocator **allocator) {
    MappingAllocator *made = calloc(1, sizeof *made);
    if (made == NULL) return api->CreateStatus(ORT_FAIL, "out of memory");
    OrtStatus *status = api->CreateCpuMemoryInfo(OrtDeviceAllocator, OrtMemTypeDefault, &made->info);
    if (status != NULL) {
        free(made);
        return status;
    }
    made->base.version = ORT_API_VERSION;
    made->base.Alloc = mapping_alloc;
    made->base.Free = mapping_free;
    made->base.Info = mapping_info;
    made->base.Reserve = mapping_alloc;
    *allocator = &made->base;
    return NULL;
}
#endif
