/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_REGULAR_FILE_H
#define __PERF_REGULAR_FILE_H

/*
 * Open for reading a file a perf.data file names (an object of a MMAP
 * record, its debug file, a JIT map, a source file of its DWARF), only
 * when it is a regular file: the name comes from the input, and opening
 * a FIFO would block, reading a device (/dev/urandom) never end.  The
 * open itself does not block.  A descriptor (O_CLOEXEC), or -errno:
 * -EINVAL for a file that is not regular.
 */
int regular_file__open(const char *path);

#endif /* __PERF_REGULAR_FILE_H */
