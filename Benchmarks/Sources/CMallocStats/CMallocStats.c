#include "CMallocStats.h"

#if defined(__linux__)
#include <malloc.h>
#endif

#if defined(__GLIBC__)
size_t cmallocstats_bytes_in_use(void) {
  // uordblks counts the chunks of the heap; a block above the mmap threshold (a dictionary's
  // storage of 10,000 entries, say) is mapped on its own and counted in hblkhd instead.
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}
#else
size_t cmallocstats_bytes_in_use(void) { return 0; }
#endif
