#ifndef CMALLOCSTATS_H
#define CMALLOCSTATS_H

#include <stddef.h>

/// Bytes of heap in use by malloc (glibc's mallinfo2().uordblks, chunk overhead included);
/// 0 where glibc is not the allocator.
size_t cmallocstats_bytes_in_use(void);

#endif
