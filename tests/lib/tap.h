/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Minimal TAP producer for the C unit tests: plan(n) or done_testing(),
 * ok(cond, fmt, ...), is_int/is_str helpers, skip_all(reason).  The exit
 * status is non-zero when a test failed or the plan was not met.
 */
#ifndef __TESTS_TAP_H
#define __TESTS_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap__run, tap__failed, tap__planned = -1;

static inline void plan(int n)
{
	tap__planned = n;
	printf("1..%d\n", n);
}

static inline void skip_all(const char *why)
{
	printf("1..0 # SKIP %s\n", why);
	exit(0);
}

static inline int tap__ok(int cond, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	tap__run++;
	if (!cond)
		tap__failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap__run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!cond)
		printf("#   failed at %s:%d\n", file, line);
	fflush(stdout);
	return cond;
}

#define ok(cond, ...)	tap__ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define is_int(got, want, ...) ({					\
	long long __g = (long long)(got), __w = (long long)(want);	\
	int __r = ok(__g == __w, __VA_ARGS__);				\
	if (!__r)							\
		printf("#   got %lld, want %lld\n", __g, __w);		\
	__r; })

#define is_str(got, want, ...) ({					\
	const char *__g = (got), *__w = (want);				\
	int __r = ok(__g && __w && !strcmp(__g, __w), __VA_ARGS__);	\
	if (!__r)							\
		printf("#   got '%s', want '%s'\n", __g ? __g : "(null)",	\
		       __w ? __w : "(null)");				\
	__r; })

static inline void diag(const char *fmt, ...)
{
	va_list ap;

	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static inline int done_testing(void)
{
	if (tap__planned < 0)
		printf("1..%d\n", tap__run);
	else if (tap__planned != tap__run)
		tap__failed++;
	return tap__failed ? 1 : 0;
}

#endif /* __TESTS_TAP_H */
