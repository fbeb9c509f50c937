// SPDX-License-Identifier: GPL-2.0
/*
 * C++ demangling through libstdc++, loaded at run time.
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demangle.h"

typedef char *(*cxa_demangle_fn)(const char *, char *, size_t *, int *);

static cxa_demangle_fn demangler(void)
{
	static bool tried;
	static cxa_demangle_fn fn;
	void *h;

	if (tried)
		return fn;
	tried = true;
	h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
	if (h)
		*(void **)&fn = dlsym(h, "__cxa_demangle");
	return fn;
}

static bool ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && !memcmp(s + len - n, suffix, n);
}

/* "void ns::f<int>" -> "ns::f<int>": a template function's return type goes */
static void strip_return_type(char *s)
{
	int angle = 0, paren = 0;
	char *cut = NULL, *p;

	for (p = s; *p; p++) {
		if (*p == '<')
			angle++;
		else if (*p == '>' && angle)
			angle--;
		else if (*p == '(')
			paren++;
		else if (*p == ')' && paren)
			paren--;
		else if (*p == ' ' && !angle && !paren) {
			/*
			 * "operator new", "operator unsigned long": all after
			 * the operator is its name, spaces and all
			 */
			if (p - s >= 8 && !strncmp(p - 8, "operator", 8))
				break;
			cut = p + 1;
		}
	}
	if (cut)
		memmove(s, cut, strlen(cut) + 1);
}

void demangle__strip_params(char *s)
{
	size_t len;

	/* upstream prints thunks whole, their target's parameters included */
	if (strstr(s, "thunk to ") && (!strncmp(s, "virtual thunk to ", 17) ||
				       !strncmp(s, "non-virtual thunk to ", 21) ||
				       !strncmp(s, "covariant return thunk to ", 26)))
		return;
	len = strlen(s);
	char *c = strstr(s, " [clone ");
	int depth = 0;
	size_t i;

	/* upstream shows a clone by its function's name alone */
	if (c) {
		*c = '\0';
		len = strlen(s);
	}
	/* qualifiers after the parameters */
	for (;;) {
		if (ends_with(s, len, " const"))
			len -= 6;
		else if (ends_with(s, len, " volatile"))
			len -= 9;
		else if (ends_with(s, len, " &&"))
			len -= 3;
		else if (ends_with(s, len, " &"))
			len -= 2;
		else
			break;
	}
	if (!len || s[len - 1] != ')')
		return;
	for (i = len; i-- > 0;) {
		if (s[i] == ')')
			depth++;
		else if (s[i] == '(' && --depth == 0)
			break;
	}
	if (depth == 0 && i > 0)
		len = i;
	s[len] = '\0';
	strip_return_type(s);
}

int demangle__name(const char *name, char *out, size_t size)
{
	cxa_demangle_fn fn;
	char *d;
	int status = 0;

	if (strncmp(name, "_Z", 2))
		return -ENOENT;
	fn = demangler();
	if (!fn)
		return -ENOENT;
	d = fn(name, NULL, NULL, &status);
	if (!d || status) {
		free(d);
		return -ENOENT;
	}
	demangle__strip_params(d);
	snprintf(out, size, "%s", d);
	free(d);
	return 0;
}
