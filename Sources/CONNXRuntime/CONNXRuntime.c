#define _GNU_SOURCE
#include "CONNXRuntime.h"

#include <dlfcn.h>

const char *ocrkit_library_file(const void *symbol) {
    Dl_info info;
    return dladdr(symbol, &info) != 0 ? info.dli_fname : NULL;
}

#ifdef OCRKIT_CONNXRUNTIME_HAS_API
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

// Each block starts with its length, in a header as long as the alignment ONNX Runtime's CPU
// kernels want, so that the pointer handed out stays aligned.
enum { header = 64, mappedFrom = 2 << 20 };

// Freed blocks kept for the next request of their length: a detector's run frees and asks again
// for blocks of the same few lengths, layer after layer, and each new mapping is faulted in
// page by page. Keeping 32 MB took 100 receipts from 11.4% to 10% of user time in the kernel,
// for 30 MB more at peak; 64 MB bought no more and took `auto` over 600 MB on them.
enum { keptAtMost = 32, keptBytesAtMost = 32 << 20 };

typedef struct {
    OrtAllocator base;
    OrtMemoryInfo *info;
    pthread_mutex_t lock;
    uint8_t *kept[keptAtMost];
    size_t keptCount;
    size_t keptBytes;
} MappingAllocator;

// A mapped block's length: whole huge pages, so that blocks asked for with a few bytes' difference
// are one length and can be kept for each other.
static size_t mapped_length(size_t length) {
    return (length + mappedFrom - 1) / mappedFrom * mappedFrom;
}

// A kept block of `length`, or NULL.
static uint8_t *take_kept(MappingAllocator *allocator, size_t length) {
    uint8_t *block = NULL;
    pthread_mutex_lock(&allocator->lock);
    for (size_t index = 0; index < allocator->keptCount; index++) {
        if (*(size_t *)allocator->kept[index] != length) continue;
        block = allocator->kept[index];
        allocator->kept[index] = allocator->kept[--allocator->keptCount];
        allocator->keptBytes -= length;
        break;
    }
    pthread_mutex_unlock(&allocator->lock);
    return block;
}

// Keeps `block` for a later request of its length if the limits allow; says whether it did.
static int keep(MappingAllocator *allocator, uint8_t *block, size_t length) {
    int kept = 0;
    pthread_mutex_lock(&allocator->lock);
    if (allocator->keptCount < keptAtMost && allocator->keptBytes + length <= keptBytesAtMost) {
        allocator->kept[allocator->keptCount++] = block;
        allocator->keptBytes += length;
        kept = 1;
    }
    pthread_mutex_unlock(&allocator->lock);
    return kept;
}

static void *mapping_alloc(OrtAllocator *base, size_t size) {
    MappingAllocator *allocator = (MappingAllocator *)base;
    size_t length = size + header;
    uint8_t *block;
    if (length >= mappedFrom) {
        length = mapped_length(length);
        block = take_kept(allocator, length);
        if (block == NULL) {
            block = mmap(NULL, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (block == MAP_FAILED) return NULL;
            // One fault a huge page rather than one a 4 kB page: a detector's run touches hundreds
            // of megabytes it has just mapped.
            madvise(block, length, MADV_HUGEPAGE);
        }
    } else if (posix_memalign((void **)&block, header, length) != 0) {
        return NULL;
    }
    *(size_t *)block = length;
    return block + header;
}

static void mapping_free(OrtAllocator *base, void *pointer) {
    MappingAllocator *allocator = (MappingAllocator *)base;
    if (pointer == NULL) return;
    uint8_t *block = (uint8_t *)pointer - header;
    size_t length = *(size_t *)block;
    if (length < mappedFrom) {
        free(block);
    } else if (!keep(allocator, block, length)) {
        munmap(block, length);
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
    pthread_mutex_init(&made->lock, NULL);
    made->base.version = ORT_API_VERSION;
    made->base.Alloc = mapping_alloc;
    made->base.Free = mapping_free;
    made->base.Info = mapping_info;
    made->base.Reserve = mapping_alloc;
    *allocator = &made->base;
    return NULL;
}

#endif
