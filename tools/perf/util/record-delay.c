// SPDX-License-Identifier: GPL-2.0
/* perf record -D: the enable/disable schedule (see record-delay.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "record-delay.h"

static int parse_ms(const char *s, char **end, u64 *ms)
{
	unsigned long long v;

	if (*s < '0' || *s > '9')
		return -EINVAL;
	v = strtoull(s, end, 10);
	*ms = v;
	return 0;
}

int record_delay__parse(struct record_delay *d, const char *arg)
{
	const char *s = arg;
	char *end;
	u64 a, b, last = 0;

	memset(d, 0, sizeof(*d));
	if (!arg)
		return -EINVAL;
	if (!strcmp(arg, "-1")) {
		/* disabled, and never enabled */
		d->at[d->nr++] = RECORD_DELAY_NEVER;
		return 0;
	}
	if (!strchr(arg, '-')) {
		if (parse_ms(s, &end, &a) || *end || !a)
			return -EINVAL;
		d->at[d->nr++] = a;
		return 0;
	}
	for (;;) {
		if (parse_ms(s, &end, &a) || *end != '-' || parse_ms(end + 1, &end, &b) ||
		    b <= a || (d->nr && a <= last) || d->nr + 2 > RECORD_DELAY_MAX)
			goto bad;
		d->at[d->nr++] = a;
		d->at[d->nr++] = b;
		last = b;
		if (!*end)
			return 0;
		if (*end != ',')
			goto bad;
		s = end + 1;
	}
bad:
	memset(d, 0, sizeof(*d));
	return -EINVAL;
}

int record_delay__due(struct record_delay *d, u64 elapsed)
{
	int i = d->next;

	if (i >= d->nr || d->at[i] == RECORD_DELAY_NEVER || elapsed < d->at[i])
		return -1;
	d->next++;
	return !(i & 1);
}

u64 record_delay__wait(const struct record_delay *d, u64 elapsed)
{
	u64 at;

	if (d->next >= d->nr || d->at[d->next] == RECORD_DELAY_NEVER)
		return RECORD_DELAY_NEVER;
	at = d->at[d->next];
	return at > elapsed ? at - elapsed : 0;
}
