/* SPDX-License-Identifier: GPL-2.0 */
#ifndef __PERF_TYPES_H
#define __PERF_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <linux/types.h>

typedef __u64 u64;
typedef __s64 s64;
typedef __u32 u32;
typedef __s32 s32;
typedef __u16 u16;
typedef __s16 s16;
typedef __u8 u8;
typedef __s8 s8;

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#endif
#define PERF_ALIGN(x, a)	(((x) + (a) - 1) & ~((__typeof__(x))(a) - 1))
#define __maybe_unused		__attribute__((unused))
#define __printf(a, b)		__attribute__((format(printf, a, b)))

#ifndef min
#define min(a, b)		((a) < (b) ? (a) : (b))
#define max(a, b)		((a) > (b) ? (a) : (b))
#endif

#endif /* __PERF_TYPES_H */
