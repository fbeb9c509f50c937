// SPDX-License-Identifier: GPL-2.0
/*
 * perf data convert: a perf.data file into other formats.
 *   --to-pprof FILE	gzip-compressed profile.proto (go tool pprof, Pyroscope,
 *			Parca, Grafana), from the merged call tree
 *   --to-json FILE	upstream 6.1's JSON: the header, then every sample
 * As upstream, an existing output file is kept unless -f/--force.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "builtin.h"
#include "util/calltree-read.h"
#include "util/data.h"
#include "util/data-json.h"
#include "util/export-file.h"
#include "util/parse-options.h"
#include "util/pprof.h"
#include "util/session.h"

struct data_convert {
	const char	*input;
	const char	*to_pprof;
	const char	*to_json;
	const char	*kallsyms;
	bool		force;
	bool		no_bpf_prog_info;
	bool		no_srclines;
	bool		all;
	int		verbose;
};

static const char *const convert_usage[] = {
	"perf data convert [<options>]",
	NULL
};

static const char *const data_usage[] = {
	"perf data convert [<options>]",
	NULL
};

static int convert__pprof(struct data_convert *c, const char *path)
{
	struct calltree_read_opts opts = {
		.kallsyms = c->kallsyms,
		.no_bpf_prog_info = c->no_bpf_prog_info,
		.group = CALLTREE_GROUP_LABELS,
		.flat_sym = true,
		.empty_chain_ip = true,
	};
	struct calltree_source *src = NULL;
	struct calltree *t = calltree__new();
	struct pprof_opts po = { .input = path, .srclines = !c->no_srclines };
	struct export_file f;
	struct perf_session *session;
	char err[512];
	int ret;

	if (!t) {
		fprintf(stderr, "perf data convert: out of memory\n");
		return -ENOMEM;
	}
	ret = calltree_source__open(&src, path, &opts, err, sizeof(err));
	if (!ret)
		ret = calltree_source__read(src, t, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "perf data convert: %s: %s\n", path, err);
		goto out;
	}
	session = calltree_source__session(src);
	po.stats = calltree_source__stats(src);
	po.bpf = c->no_bpf_prog_info ? NULL : &session->header.env.bpf;
	po.time_nanos = pprof__wall_time(&session->header, po.stats, po.stats->first_time);
	ret = export_file__open(&f, c->to_pprof);
	if (ret) {
		fprintf(stderr, "perf data convert: %s: %s\n", c->to_pprof, strerror(-ret));
		goto out;
	}
	ret = pprof__write(t, &po, f.fd);
	if (ret)
		export_file__abort(&f);
	else
		ret = export_file__commit(&f);
	if (ret) {
		fprintf(stderr, "perf data convert: %s: %s\n", c->to_pprof, strerror(-ret));
		goto out;
	}
	fprintf(stderr, "[ perf data convert: Converted '%s' into pprof data '%s' ]\n", path,
		c->to_pprof);
	fprintf(stderr, "[ perf data convert: %llu samples, %u stacks ]\n",
		(unsigned long long)po.stats->nr_samples, calltree__nr_nodes(t) - 1);
out:
	calltree_source__delete(src);
	calltree__delete(t);
	return ret;
}

static int convert__json(struct data_convert *c, const char *path)
{
	struct data_json_opts opts = {
		.kallsyms = c->kallsyms,
		.no_bpf_prog_info = c->no_bpf_prog_info,
	};
	struct data_json_stats st = { 0 };
	struct export_file f;
	char err[512];
	int ret;

	ret = export_file__open(&f, c->to_json);
	if (ret) {
		fprintf(stderr, "perf data convert: %s: %s\n", c->to_json, strerror(-ret));
		return ret;
	}
	ret = data_json__convert(path, &opts, f.fd, &st, err, sizeof(err));
	if (ret) {
		export_file__abort(&f);
		fprintf(stderr, "perf data convert: %s: %s\n", path, err);
		return ret;
	}
	ret = export_file__commit(&f);
	if (ret) {
		fprintf(stderr, "perf data convert: %s: %s\n", c->to_json, strerror(-ret));
		return ret;
	}
	fprintf(stderr, "[ perf data convert: Converted '%s' into JSON data '%s' ]\n", path,
		c->to_json);
	fprintf(stderr, "[ perf data convert: Converted and wrote %.3f MB (%llu samples) ]\n",
		st.bytes / (1024.0 * 1024.0), (unsigned long long)st.nr_samples);
	return 0;
}

static int cmd_data_convert(int argc, const char **argv)
{
	struct data_convert c = { 0 };
	const struct option options[] = {
		OPT_BOOLEAN('f', "force", &c.force, "don't complain, do it"),
		OPT_STRING('i', "input", &c.input, "file", "input file name"),
		OPT_INCR('v', "verbose", &c.verbose, "be more verbose"),
		OPT_BOOLEAN(0, "all", &c.all, "Convert all events"),
		OPT_STRING(0, "to-json", &c.to_json, "file", "Convert to JSON format"),
		OPT_STRING(0, "to-pprof", &c.to_pprof, "file",
			   "Convert to pprof's profile.proto, gzip-compressed"),
		OPT_STRING(0, "kallsyms", &c.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN(0, "no-bpf-prog-info", &c.no_bpf_prog_info,
			    "leave BPF addresses without a KSYMBOL [unknown], as upstream"),
		OPT_BOOLEAN(0, "no-srclines", &c.no_srclines,
			    "pprof: no DWARF file:line of user code"),
		OPT_END()
	};
	const char *out, *path;
	struct stat st;
	int left;

	left = parse_options(argc, argv, options, convert_usage, 0);
	if (left == -2)
		return 0;
	if (left < 0)
		return 1;
	if (left > 0) {
		usage_error(convert_usage, options, "unexpected argument `%s'", argv[0]);
		return 1;
	}
	if (!!c.to_json + !!c.to_pprof != 1) {
		usage_error(convert_usage, options, "say one of --to-pprof FILE, --to-json FILE");
		return 1;
	}
	out = c.to_json ? c.to_json : c.to_pprof;
	if (!c.force && strcmp(out, "-") && !stat(out, &st)) {
		fprintf(stderr, "Output file exists. Use --force to overwrite it.\n");
		return 1;
	}
	path = perf_data__input_name(c.input);
	if (c.to_pprof)
		return convert__pprof(&c, path) ? 1 : 0;
	return convert__json(&c, path) ? 1 : 0;
}

int cmd_data(int argc, const char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fprintf(argc < 2 ? stderr : stdout, "\n Usage: %s\n\n", data_usage[0]);
		return argc < 2 ? 1 : 0;
	}
	if (!strcmp(argv[1], "convert"))
		return cmd_data_convert(argc - 1, argv + 1);
	fprintf(stderr, "perf data: unknown command '%s' (convert)\n", argv[1]);
	return 1;
}
