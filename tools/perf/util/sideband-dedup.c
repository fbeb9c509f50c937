// SPDX-License-Identifier: GPL-2.0
/* Side-band copies of KSYMBOL/BPF_EVENT records the rings already gave. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "event.h"
#include "sideband-dedup.h"

struct sb_dedup_held {
	union perf_event	*ev;
	u64			key;
	u64			time;
};

struct sb_dedup_seen {
	u64			key;
	u64			time;
};

/*
 * The body without the header: the kernel writes the same bytes (the
 * name's padding included) for every listener of one load or unload, and
 * two loads of one program differ at least in the BPF_EVENT's id.
 */
static u64 sb_dedup__key(const union perf_event *ev)
{
	size_t body = perf_event__sideband_body_size(ev);
	const u8 *p = (const u8 *)ev;
	u64 h = 0xcbf29ce484222325ULL ^ ev->header.type;
	size_t i;

	if (body > ev->header.size)
		body = ev->header.size;
	for (i = sizeof(ev->header); i < body; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

static bool sb_dedup__wanted(const union perf_event *ev)
{
	return (ev->header.type == PERF_RECORD_KSYMBOL ||
		ev->header.type == PERF_RECORD_BPF_EVENT) &&
	       perf_event__sideband_body_size(ev);
}

void sb_dedup__init(struct sb_dedup *d)
{
	memset(d, 0, sizeof(*d));
	pthread_mutex_init(&d->lock, NULL);
}

void sb_dedup__exit(struct sb_dedup *d)
{
	size_t i;

	for (i = 0; i < d->nr_held; i++)
		free(d->held[i].ev);
	free(d->held);
	free(d->seen);
	pthread_mutex_destroy(&d->lock);
	memset(d, 0, sizeof(*d));
}

int sb_dedup__hold(struct sb_dedup *d, const union perf_event *ev, u64 now)
{
	union perf_event *copy;
	int err;

	if (!sb_dedup__wanted(ev))
		return 0;
	copy = malloc(ev->header.size);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, ev, ev->header.size);
	pthread_mutex_lock(&d->lock);
	err = array__grow((void **)&d->held, &d->held_cap, d->nr_held + 1, sizeof(*d->held), 64);
	if (!err)
		d->held[d->nr_held++] = (struct sb_dedup_held){
			.ev = copy, .key = sb_dedup__key(ev), .time = now,
		};
	pthread_mutex_unlock(&d->lock);
	if (err)
		free(copy);
	return err;
}

int sb_dedup__seen(struct sb_dedup *d, const union perf_event *ev, u64 now)
{
	int err;

	if (!sb_dedup__wanted(ev))
		return 0;
	pthread_mutex_lock(&d->lock);
	err = array__grow((void **)&d->seen, &d->seen_cap, d->nr_seen + 1, sizeof(*d->seen), 64);
	if (!err)
		d->seen[d->nr_seen++] = (struct sb_dedup_seen){
			.key = sb_dedup__key(ev), .time = now,
		};
	pthread_mutex_unlock(&d->lock);
	return err;
}

/* Take one ring key equal to key: its copy was delivered already. */
static bool sb_dedup__take_seen(struct sb_dedup *d, u64 key)
{
	size_t i;

	for (i = 0; i < d->nr_seen; i++) {
		if (d->seen[i].key == key) {
			d->seen[i] = d->seen[--d->nr_seen];
			return true;
		}
	}
	return false;
}

int sb_dedup__flush(struct sb_dedup *d, u64 before, u64 keep_ns,
		    int (*emit)(void *priv, const union perf_event *ev), void *priv)
{
	union perf_event **out = NULL;
	size_t i, nr_out = 0, kept = 0;
	int err = 0;

	pthread_mutex_lock(&d->lock);
	if (d->nr_held)
		out = malloc(d->nr_held * sizeof(*out));
	for (i = 0; i < d->nr_held; i++) {
		struct sb_dedup_held *h = &d->held[i];

		if (h->time >= before || (!out && !sb_dedup__take_seen(d, h->key))) {
			d->held[kept++] = *h;	/* later, or no memory to take it now */
			continue;
		}
		if (out && !sb_dedup__take_seen(d, h->key))
			out[nr_out++] = h->ev;
		else
			free(h->ev);
	}
	d->nr_held = kept;
	for (i = 0, kept = 0; i < d->nr_seen; i++) {
		if (before == ~0ULL || d->seen[i].time + keep_ns >= before)
			d->seen[kept++] = d->seen[i];
	}
	d->nr_seen = kept;
	pthread_mutex_unlock(&d->lock);

	/* outside the lock: emit may take the output's */
	for (i = 0; i < nr_out; i++) {
		if (!err)
			err = emit(priv, out[i]);
		free(out[i]);
	}
	free(out);
	return err ? err : (int)nr_out;
}
