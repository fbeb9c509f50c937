// SPDX-License-Identifier: GPL-2.0
/*
 * util/header.c: file and pipe headers written by our writer and read back,
 * the --header-only printer, the same file converted to big-endian, and
 * every bound check of the reader (truncation at every byte, flipped bytes,
 * hand-made corruptions).
 */
#include <byteswap.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>

#include "tap.h"
#include "util/attr.h"
#include "util/data.h"
#include "util/event.h"
#include "util/evlist.h"
#include "util/header.h"
#include "util/strbuf.h"

static char dir[] = "/tmp/perf-unit-header.XXXXXX";

static char *path_in_dir(const char *name)
{
	static char buf[4][256];
	static int n;

	n = (n + 1) % 4;
	snprintf(buf[n], sizeof(buf[n]), "%s/%s", dir, name);
	return buf[n];
}

/* Events as `perf record -a` makes them (see the attr unit test). */
static struct evlist *make_evlist(void)
{
	struct evlist *evlist = evlist__new();
	struct perf_event_attr a;
	struct evsel *evsel;

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_SOFTWARE;
	a.size = sizeof(a);
	a.sample_freq = 4000;
	a.sample_type = 1 | 2 | 4 | 128 | 256 | (1 << 16);
	a.read_format = 4 | 16;
	a.disabled = 1;
	a.inherit = 1;
	a.freq = 1;
	a.precise_ip = 3;
	a.sample_id_all = 1;
	evsel = evsel__new(&a, 0);
	evsel__set_name(evsel, "cpu-clock:ppp");
	evsel__add_id(evsel, 35);
	evsel__add_id(evsel, 36);
	evlist__add(evlist, evsel);

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_SOFTWARE;
	a.size = sizeof(a);
	a.config = 9;
	a.sample_period = 1;
	a.sample_type = 1 | 2 | 4 | 128 | (1 << 16);
	a.read_format = 4 | 16;
	a.inherit = 1;
	a.mmap = 1;
	a.comm = 1;
	a.task = 1;
	a.sample_id_all = 1;
	a.mmap2 = 1;
	a.comm_exec = 1;
	a.ksymbol = 1;
	a.bpf_event = 1;
	evsel = evsel__new(&a, 1);
	evsel__set_name(evsel, "dummy:HG");
	evsel__add_id(evsel, 37);
	evsel__add_id(evsel, 38);
	evlist__add(evlist, evsel);
	return evlist;
}

static const u8 prog_tag[8] = { 0xba, 0x74, 0x81, 0xc3, 0x96, 0xc5, 0x07, 0xda };

static void add_bpf(struct perf_env *env)
{
	struct btf *btf = btf__new_empty();
	struct bpf_prog_info info;
	u8 data[64];
	u64 ksym = 0xffffffffc002553cULL;
	u32 len = 109, finfo[2] = { 0, 3 }, size;
	const void *raw;
	char err[200];
	int int_id, proto;

	int_id = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	proto = btf__add_func_proto(btf, int_id);
	btf__add_func(btf, "hot_prog_0", BTF_FUNC_GLOBAL, proto);
	raw = btf__raw_data(btf, &size);
	perf_env_bpf__add_btf(&env->bpf, 58, raw, size);
	btf__free(btf);

	memset(&info, 0, sizeof(info));
	memset(data, 0, sizeof(data));
	info.id = 131;
	memcpy(info.tag, prog_tag, 8);
	strcpy(info.name, "hot_prog_0");
	info.btf_id = 58;
	info.gpl_compatible = 1;
	info.nr_jited_ksyms = 1;
	info.jited_ksyms = 0;
	memcpy(data, &ksym, 8);
	info.nr_jited_func_lens = 1;
	info.jited_func_lens = 8;
	memcpy(data + 8, &len, 4);
	info.nr_prog_tags = 1;
	info.prog_tags = 16;
	memcpy(data + 16, prog_tag, 8);
	info.nr_func_info = 1;
	info.func_info_rec_size = 8;
	info.func_info = 24;
	memcpy(data + 24, finfo, 8);
	perf_env_bpf__add_prog(&env->bpf, &info, sizeof(info),
			       (1 << PERF_BPIL_JITED_KSYMS) | (1 << PERF_BPIL_JITED_FUNC_LENS) |
			       (1 << PERF_BPIL_PROG_TAGS) | (1 << PERF_BPIL_FUNC_INFO),
			       data, 32, err, sizeof(err));
}

/* The features `perf record -a` writes that we parse, with this machine's values. */
static void fill_header(struct perf_header *h, bool with_raw)
{
	static const char * const argv[] = {
		"/usr/bin/perf", "record", "-a", "-o", "sys.data", "--", "sleep", "1",
	};
	static const char * const pmus[] = { "software", "uprobe", "breakpoint", "tracepoint",
					     "msr" };
	static const u32 pmu_types[] = { 1, 8, 5, 2, 9 };
	struct perf_env *env = &h->env;
	int feat;
	u32 i;

	perf_header__init(h);
	perf_env__set_string(&env->hostname, "vm");
	perf_env__set_string(&env->os_release, "6.18.44-fc-v782");
	perf_env__set_string(&env->version, "6.1.192");
	perf_env__set_string(&env->arch, "x86_64");
	env->nr_cpus_avail = 2;
	env->nr_cpus_online = 2;
	perf_env__set_string(&env->cpu_desc, "AMD EPYC");
	perf_env__set_string(&env->cpuid, "AuthenticAMD,26,2,1");
	env->total_mem = 24683620;
	perf_env__set_cmdline(env, ARRAY_SIZE(argv), argv);
	env->nr_sibling_cores = 1;
	env->sibling_cores = calloc(1, sizeof(char *));
	env->sibling_cores[0] = strdup("0-1");
	env->nr_sibling_threads = 2;
	env->sibling_threads = calloc(2, sizeof(char *));
	env->sibling_threads[0] = strdup("0");
	env->sibling_threads[1] = strdup("1");
	env->nr_sibling_dies = 1;
	env->sibling_dies = calloc(1, sizeof(char *));
	env->sibling_dies[0] = strdup("0-1");
	env->nr_cpu_ids = 2;
	env->cpu = calloc(2, sizeof(*env->cpu));
	env->cpu[1].core_id = 1;
	env->has_die_ids = true;
	env->nr_pmu_mappings = ARRAY_SIZE(pmus);
	env->pmu_mappings = calloc(ARRAY_SIZE(pmus), sizeof(*env->pmu_mappings));
	for (i = 0; i < ARRAY_SIZE(pmus); i++) {
		env->pmu_mappings[i].type = pmu_types[i];
		env->pmu_mappings[i].name = strdup(pmus[i]);
	}
	env->nr_groups = 1;
	env->groups = calloc(1, sizeof(*env->groups));
	env->groups[0].name = strdup("{anon_group}");
	env->groups[0].nr_members = 2;
	env->first_sample_time = 298958251123ULL;
	env->last_sample_time = 299987105456ULL;
	env->clockid_res_ns = 1;
	env->clock_version = 1;
	env->clockid = 1;
	env->clock_tod_ns = 1796034447619719000ULL;
	env->clock_clockid_ns = 1413778279350ULL;
	add_bpf(env);
	for (feat = HEADER_HOSTNAME; feat <= HEADER_CPU_TOPOLOGY; feat++)
		perf_header__set_feat(h, feat);
	perf_header__set_feat(h, HEADER_PMU_MAPPINGS);
	perf_header__set_feat(h, HEADER_GROUP_DESC);
	perf_header__set_feat(h, HEADER_SAMPLE_TIME);
	perf_header__set_feat(h, HEADER_CLOCKID);
	perf_header__set_feat(h, HEADER_BPF_PROG_INFO);
	perf_header__set_feat(h, HEADER_BPF_BTF);
	perf_header__set_feat(h, HEADER_CLOCK_DATA);
	if (with_raw) {
		/* kept as bytes: a known feature we do not parse and an unknown one */
		static const u8 cache[8] = { 1, 0, 0, 0, 0, 0, 0, 0 };
		static const u8 unknown[5] = { 'f', 'u', 't', 'u', 'r' };

		struct strbuf numa = STRBUF_INIT, mem = STRBUF_INIT;

		perf_feature__parse(h, HEADER_CACHE, cache, sizeof(cache));
		/* one node: cpus 0-1, memory blocks 0-23 and 32-199 of 128 MiB */
		strbuf__add_u32(&numa, 1);
		strbuf__add_u32(&numa, 0);
		strbuf__add_u64(&numa, 6514464);
		strbuf__add_u64(&numa, 4027700);
		strbuf__add_u32(&numa, 64);
		strbuf__add(&numa, "0-1", 3);
		strbuf__add_zero(&numa, 61);
		perf_feature__parse(h, HEADER_NUMA_TOPOLOGY, numa.buf, numa.len);
		strbuf__add_u64(&mem, 1);
		strbuf__add_u64(&mem, 0x8000000);
		strbuf__add_u64(&mem, 1);
		strbuf__add_u64(&mem, 0);
		strbuf__add_u64(&mem, 200);
		strbuf__add_u64(&mem, 200);
		strbuf__add_u64(&mem, 0xffffffff00ffffffULL);
		strbuf__add_u64(&mem, ~0ULL);
		strbuf__add_u64(&mem, ~0ULL);
		strbuf__add_u64(&mem, 0xff);
		perf_feature__parse(h, HEADER_MEM_TOPOLOGY, mem.buf, mem.len);
		strbuf__release(&numa);
		strbuf__release(&mem);
		perf_feature__parse(h, 40, unknown, sizeof(unknown));
		perf_feature__parse(h, HEADER_BRANCH_STACK, NULL, 0);
	}
}

/* FINISHED_ROUND records as the data section. */
#define DATA_RECORDS	4

static void make_data(u8 *buf, bool big_endian)
{
	struct perf_event_header hdr = { .type = 68, .misc = 0, .size = 8 };
	int i;

	if (big_endian) {
		hdr.type = bswap_32(hdr.type);
		hdr.size = bswap_16(hdr.size);
	}
	for (i = 0; i < DATA_RECORDS; i++)
		memcpy(buf + i * 8, &hdr, 8);
}

/* Write a file: data at data_offset, then the header; returns its bytes. */
static u8 *write_file(struct perf_header *h, struct evlist *evlist, const char *name,
		      u64 data_offset, size_t *lenp)
{
	struct perf_data out;
	u8 data[DATA_RECORDS * 8];
	u8 *buf = NULL;
	struct stat st;
	int fd, err;

	make_data(data, false);
	err = perf_data__open_write(&out, path_in_dir(name));
	if (!err)
		err = perf_data__pwrite(&out, data, sizeof(data), data_offset);
	if (!err)
		err = perf_header__write(h, evlist, &out, data_offset, sizeof(data));
	if (!err)
		err = perf_data__commit(&out);
	perf_data__close(&out);
	if (err) {
		diag("write %s: %s", name, out.err);
		return NULL;
	}
	fd = open(path_in_dir(name), O_RDONLY);
	if (fd >= 0 && !fstat(fd, &st)) {
		buf = malloc(st.st_size);
		if (read(fd, buf, st.st_size) != st.st_size) {
			free(buf);
			buf = NULL;
		}
		*lenp = st.st_size;
	}
	close(fd);
	return buf;
}

/* Read a header from bytes in memory, as a mapped file would be. */
static int read_mem(const u8 *buf, size_t len, struct perf_header *h, struct evlist **evlistp,
		    char *err, size_t errsz)
{
	struct perf_data data;
	int ret;

	memset(&data, 0, sizeof(data));
	data.path = "mem";
	data.fd = -1;
	data.base = buf;
	data.size = len;
	perf_header__init(h);
	*evlistp = evlist__new();
	ret = perf_header__read(h, *evlistp, &data);
	snprintf(err, errsz, "%s", data.err);
	return ret;
}

static char *print_header(struct perf_header *h, struct evlist *evlist, bool full)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	perf_header__fprintf(h, evlist, fp, full);
	fclose(fp);
	return buf;
}

/* The printed header without its "captured on" line (it depends on the file). */
static char *print_header_nodate(struct perf_header *h, struct evlist *evlist, bool full)
{
	char *s = print_header(h, evlist, full), *p = strstr(s, "# captured on");

	if (p) {
		char *nl = strchr(p, '\n');

		memmove(p, nl + 1, strlen(nl + 1) + 1);
	}
	return s;
}

static void free_read(struct perf_header *h, struct evlist *evlist)
{
	perf_header__exit(h);
	evlist__delete(evlist);
}

/*
 * Lines as /usr/bin/perf report --header-only (6.1.192) printed them on this
 * machine for `perf record -a -o sys.data -- sleep 1`, and for a BPF
 * workload (the bpf_prog_info and btf lines); our file has the same values.
 */
static const char expected_features[] =
	"# hostname : vm\n"
	"# os release : 6.18.44-fc-v782\n"
	"# perf version : 6.1.192\n"
	"# arch : x86_64\n"
	"# nrcpus online : 2\n"
	"# nrcpus avail : 2\n"
	"# cpudesc : AMD EPYC\n"
	"# cpuid : AuthenticAMD,26,2,1\n"
	"# total memory : 24683620 kB\n"
	"# cmdline : /usr/bin/perf record -a -o sys.data -- sleep 1 \n"
	"# event : name = cpu-clock:ppp, , id = { 35, 36 }, type = 1, size = 128, "
	"{ sample_period, sample_freq } = 4000, sample_type = IP|TID|TIME|CPU|PERIOD|IDENTIFIER, "
	"read_format = ID|LOST, disabled = 1, inherit = 1, freq = 1, precise_ip = 3, "
	"sample_id_all = 1\n"
	"# event : name = dummy:HG, , id = { 37, 38 }, type = 1, size = 128, config = 0x9, "
	"{ sample_period, sample_freq } = 1, sample_type = IP|TID|TIME|CPU|IDENTIFIER, "
	"read_format = ID|LOST, inherit = 1, mmap = 1, comm = 1, task = 1, sample_id_all = 1, "
	"mmap2 = 1, comm_exec = 1, ksymbol = 1, bpf_event = 1\n"
	"# CPU_TOPOLOGY info available, use -I to display\n"
	"# pmu mappings: software = 1, uprobe = 8, breakpoint = 5, tracepoint = 2, msr = 9\n"
	"# group: {cpu-clock:ppp,dummy:HG}\n"
	"# time of first sample : 298.958251\n"
	"# time of last sample : 299.987105\n"
	"# sample duration :   1028.854 ms\n"
	"# clockid frequency: 1000 MHz\n"
	"# bpf_prog_info 131: bpf_prog_ba7481c396c507da_hot_prog_0 addr 0xffffffffc002553c "
	"size 109\n"
	"# btf info of id 58\n"
	"# clockid: monotonic (1)\n";

static const char expected_topology[] =
	"# sibling sockets : 0-1\n"
	"# sibling dies    : 0-1\n"
	"# sibling threads : 0\n"
	"# sibling threads : 1\n"
	"# CPU 0: Core ID 0, Die ID 0, Socket ID 0\n"
	"# CPU 1: Core ID 1, Die ID 0, Socket ID 0\n";

static void test_native(const u8 *file, size_t len, struct evlist *orig)
{
	struct perf_header h;
	struct evlist *evlist;
	char err[256], *s, head[256];
	u64 doff;
	int ret;

	ret = read_mem(file, len, &h, &evlist, err, sizeof(err));
	is_int(ret, 0, "read our file back (%s)", err);
	ok(!h.needs_swap && !h.is_pipe, "native file mode");
	is_int(evlist->nr_entries, 2, "two events");
	ok(evlist->nr_entries == 2 &&
	   !memcmp(&evlist->entries[1]->attr, &orig->entries[1]->attr,
		   sizeof(struct perf_event_attr)),
	   "attr read back");
	ok(evlist->nr_entries == 2 && evlist->entries[0]->nr_ids == 2 &&
	   evlist->entries[0]->ids[1] == 36, "ids read back");
	ok(evlist__id2evsel(evlist, 38) == evlist->entries[1], "ids registered in the evlist");
	is_str(evlist->entries[1]->name, "dummy:HG", "names from EVENT_DESC");
	is_str(h.env.hostname, "vm", "hostname");
	is_int(h.env.nr_cmdline, 8, "cmdline argc");
	is_int(h.env.bpf.nr_progs, 1, "one BPF program");
	is_int(h.env.bpf.nr_btfs, 1, "one BTF");

	doff = h.data_offset;
	s = print_header_nodate(&h, evlist, false);
	snprintf(head, sizeof(head), "# ========\n# header version : 1\n# data offset    : %llu\n"
		 "# data size      : %d\n# feat offset    : %llu\n", (unsigned long long)doff,
		 DATA_RECORDS * 8, (unsigned long long)doff + DATA_RECORDS * 8);
	ok(!strncmp(s, head, strlen(head)), "file header block");
	ok(strstr(s, expected_features) != NULL, "feature lines as upstream prints them");
	ok(strstr(s, "# missing features: TRACING_DATA BUILD_ID NUMA_TOPOLOGY BRANCH_STACK "
		  "AUXTRACE STAT CACHE MEM_TOPOLOGY DIR_FORMAT COMPRESSED CPU_PMU_CAPS "
		  "HYBRID_TOPOLOGY PMU_CAPS \n# ========\n#\n") != NULL, "missing features line");
	if (!strstr(s, expected_features))
		diag("got:\n%s", s);
	free(s);
	s = print_header_nodate(&h, evlist, true);
	ok(strstr(s, expected_topology) != NULL, "-I prints the topology");
	ok(strstr(s, "# reference time: ") != NULL, "-I prints the clock reference time");
	free(s);
	free_read(&h, evlist);
}

/* Compare with /usr/bin/perf on the same file, when it is installed. */
static void test_upstream(const char *path, struct perf_header *h, struct evlist *evlist)
{
	char cmd[512], *ours, *theirs = NULL;
	size_t len = 0, n;
	char buf[4096];
	FILE *p, *fp;

	if (access("/usr/bin/perf", X_OK)) {
		ok(1, "# SKIP /usr/bin/perf not installed");
		return;
	}
	snprintf(cmd, sizeof(cmd), "/usr/bin/perf report --header-only -i %s 2>/dev/null", path);
	p = popen(cmd, "r");
	fp = open_memstream(&theirs, &len);
	while (p && (n = fread(buf, 1, sizeof(buf), p)) > 0)
		fwrite(buf, 1, n, fp);
	fclose(fp);
	if (p)
		pclose(p);
	ours = print_header(h, evlist, false);
	is_str(ours, theirs, "identical to /usr/bin/perf report --header-only on %s", path);
	free(ours);
	free(theirs);
}

/* Converting our native file to big-endian, feature by feature. */

struct conv {
	u8	*p;
	size_t	size;
	size_t	pos;
	bool	bad;
};

static void *cv(struct conv *c, size_t n)
{
	void *p = c->p + c->pos;

	if (n > c->size - c->pos) {
		c->bad = true;
		c->pos = c->size;
		return NULL;
	}
	c->pos += n;
	return p;
}

static u32 sw32(struct conv *c)
{
	u8 *p = cv(c, 4);
	u32 v, s;

	if (!p)
		return 0;
	memcpy(&v, p, 4);
	s = bswap_32(v);
	memcpy(p, &s, 4);
	return v;
}

static void sw64(struct conv *c)
{
	u8 *p = cv(c, 8);
	u64 v;

	if (!p)
		return;
	memcpy(&v, p, 8);
	v = bswap_64(v);
	memcpy(p, &v, 8);
}

static void swstr(struct conv *c)
{
	cv(c, sw32(c));
}

static void swstrs(struct conv *c)
{
	u32 n = sw32(c), i;

	for (i = 0; i < n && !c->bad; i++)
		swstr(c);
}

static int feature__to_big_endian(int feat, u8 *p, size_t size)
{
	struct conv c = { p, size, 0, false };
	char err[200];
	u32 n, i, j, attr_size, nr_ids;

	switch (feat) {
	case HEADER_HOSTNAME: case HEADER_OSRELEASE: case HEADER_VERSION: case HEADER_ARCH:
	case HEADER_CPUDESC: case HEADER_CPUID:
		swstr(&c);
		break;
	case HEADER_NRCPUS:
		sw32(&c);
		sw32(&c);
		break;
	case HEADER_TOTAL_MEM: case HEADER_CLOCKID:
		sw64(&c);
		break;
	case HEADER_SAMPLE_TIME:
		sw64(&c);
		sw64(&c);
		break;
	case HEADER_CLOCK_DATA:
		sw32(&c);
		sw32(&c);
		sw64(&c);
		sw64(&c);
		break;
	case HEADER_CMDLINE:
		swstrs(&c);
		break;
	case HEADER_CPU_TOPOLOGY:
		swstrs(&c);
		swstrs(&c);
		for (i = 0; i < 4; i++)
			sw32(&c);
		swstrs(&c);
		sw32(&c);
		sw32(&c);
		break;
	case HEADER_GROUP_DESC:
		n = sw32(&c);
		for (i = 0; i < n && !c.bad; i++) {
			swstr(&c);
			sw32(&c);
			sw32(&c);
		}
		break;
	case HEADER_PMU_MAPPINGS:
		n = sw32(&c);
		for (i = 0; i < n && !c.bad; i++) {
			sw32(&c);
			swstr(&c);
		}
		break;
	case HEADER_EVENT_DESC:
		n = sw32(&c);
		attr_size = sw32(&c);
		for (i = 0; i < n && !c.bad; i++) {
			struct perf_event_attr a;
			u8 *ap = cv(&c, attr_size);

			if (!ap || attr_size > sizeof(a))
				return -1;
			memset(&a, 0, sizeof(a));
			memcpy(&a, ap, attr_size);
			perf_event_attr__swap_to_other(&a);
			memcpy(ap, &a, attr_size);
			nr_ids = sw32(&c);
			swstr(&c);
			for (j = 0; j < nr_ids; j++)
				sw64(&c);
		}
		break;
	case HEADER_BPF_PROG_INFO:
		return bpf_prog_info_payload__swap(p, size, true, err, sizeof(err));
	case HEADER_BPF_BTF:
		return btf_payload__swap(p, size, true, err, sizeof(err));
	default:
		return -1;	/* a raw feature: cannot be converted */
	}
	return c.bad || c.pos != size ? -1 : 0;
}

static u8 *file__to_big_endian(const u8 *in, size_t len)
{
	struct perf_file_header fh;
	u8 *out = malloc(len);
	u64 i, nr_attrs, *w;
	int feat, k = 0;

	memcpy(out, in, len);
	memcpy(&fh, in, sizeof(fh));
	w = (u64 *)(void *)out;
	for (i = 0; i < sizeof(fh) / 8; i++)
		w[i] = bswap_64(w[i]);
	nr_attrs = fh.attrs.size / fh.attr_size;
	for (i = 0; i < nr_attrs; i++) {
		u8 *e = out + fh.attrs.offset + i * fh.attr_size;
		struct perf_file_section ids;
		struct perf_event_attr a;
		u64 j, *id;

		memcpy(&a, e, sizeof(a));
		perf_event_attr__swap_to_other(&a);
		memcpy(e, &a, sizeof(a));
		memcpy(&ids, e + sizeof(a), sizeof(ids));
		for (j = 0; j < ids.size / 8; j++) {
			id = (u64 *)(void *)(out + ids.offset + j * 8);
			*id = bswap_64(*id);
		}
		w = (u64 *)(void *)(e + sizeof(a));
		w[0] = bswap_64(w[0]);
		w[1] = bswap_64(w[1]);
	}
	make_data(out + fh.data.offset, true);
	for (feat = 0; feat < HEADER_FEAT_BITS; feat++) {
		struct perf_file_section sec;
		u8 *e;

		if (!(fh.adds_features[feat / 64] & (1ULL << (feat % 64))))
			continue;
		e = out + fh.data.offset + fh.data.size + (size_t)k++ * sizeof(sec);
		memcpy(&sec, e, sizeof(sec));
		if (feature__to_big_endian(feat, out + sec.offset, sec.size)) {
			diag("cannot convert feature %d", feat);
			free(out);
			return NULL;
		}
		w = (u64 *)(void *)e;
		w[0] = bswap_64(w[0]);
		w[1] = bswap_64(w[1]);
	}
	return out;
}

static void test_big_endian(const u8 *file, size_t len)
{
	struct perf_header hn, hb;
	struct evlist *en, *eb;
	char err[256], *sn, *sb;
	u8 *be = file__to_big_endian(file, len), *back;
	size_t back_len = 0;
	int ret;

	ok(be != NULL, "converted our file to big-endian");
	if (!be)
		return;
	ok(!memcmp(be, "2ELIFREP", 8), "big-endian magic");
	read_mem(file, len, &hn, &en, err, sizeof(err));
	ret = read_mem(be, len, &hb, &eb, err, sizeof(err));
	is_int(ret, 0, "read the big-endian file (%s)", err);
	ok(hb.needs_swap, "needs_swap");
	ok(eb->nr_entries == 2 && !memcmp(&eb->entries[0]->attr, &en->entries[0]->attr,
					  sizeof(struct perf_event_attr)) &&
	   !memcmp(&eb->entries[1]->attr, &en->entries[1]->attr, sizeof(struct perf_event_attr)),
	   "attrs equal to the native file's, flag bits included");
	ok(eb->nr_entries == 2 && eb->entries[1]->ids[0] == 37, "ids swapped");
	is_int(eb->entries[1]->attr.bpf_event, 1, "bpf_event bit");
	is_int(eb->entries[0]->attr.precise_ip, 3, "precise_ip");
	is_int(hb.env.cpu[1].core_id, 1, "topology ids");
	is_int(hb.env.first_sample_time, 298958251123ULL, "sample time");
	is_int(hb.env.bpf.nr_progs, 1, "BPF_PROG_INFO read from a big-endian file");
	ok(hb.env.bpf.nr_progs && hb.env.bpf.progs[0].info.gpl_compatible,
	   "gpl_compatible bit from big-endian");
	sn = print_header_nodate(&hn, en, true);
	sb = print_header_nodate(&hb, eb, true);
	is_str(sb, sn, "big-endian file prints like the native one (-I)");
	free(sn);
	free(sb);

	/* written back: native, and byte for byte the file we started from */
	back = write_file(&hb, eb, "from-be.data", hn.data_offset, &back_len);
	ok(back && back_len == len && !memcmp(back, file, len),
	   "big-endian file rewritten native is identical to the original");
	free(back);
	free_read(&hn, en);
	free_read(&hb, eb);
	free(be);
}

/* Truncation at every byte and flipped bytes: errors with a message, never a crash. */
static void test_corruption(const u8 *file, size_t len, const char *what)
{
	struct perf_header h;
	struct evlist *evlist;
	char err[256];
	size_t cut;
	int accepted = 0, silent = 0, i, ret;
	u8 *copy;

	for (cut = 0; cut < len; cut++) {
		copy = malloc(cut ? cut : 1);
		memcpy(copy, file, cut);
		err[0] = '\0';
		ret = read_mem(copy, cut, &h, &evlist, err, sizeof(err));
		if (!ret)
			accepted++;
		else if (!err[0])
			silent++;
		free_read(&h, evlist);
		free(copy);
	}
	is_int(accepted, 0, "%s: every truncation is refused", what);
	is_int(silent, 0, "%s: every refusal has a message", what);

	srand(1);
	silent = 0;
	copy = malloc(len);
	for (i = 0; i < 3000; i++) {
		int flips = 1 + rand() % 4, f;

		memcpy(copy, file, len);
		for (f = 0; f < flips; f++)
			copy[rand() % len] ^= (u8)(1 + rand() % 255);
		err[0] = '\0';
		ret = read_mem(copy, len, &h, &evlist, err, sizeof(err));
		if (ret && !err[0])
			silent++;
		if (!ret) {
			char *s = print_header(&h, evlist, true);	/* must not crash either */

			free(s);
		}
		free_read(&h, evlist);
	}
	free(copy);
	is_int(silent, 0, "%s: 3000 files with flipped bytes: no crash, errors have messages",
	       what);
}

/* Offset and size of a feature's section in a native file. */
static bool find_section(const u8 *file, int want, struct perf_file_section *sec)
{
	struct perf_file_header fh;
	int feat, k = 0;

	memcpy(&fh, file, sizeof(fh));
	for (feat = 0; feat < HEADER_FEAT_BITS; feat++) {
		if (!(fh.adds_features[feat / 64] & (1ULL << (feat % 64))))
			continue;
		if (feat == want) {
			memcpy(sec, file + fh.data.offset + fh.data.size + k * sizeof(*sec),
			       sizeof(*sec));
			return true;
		}
		k++;
	}
	return false;
}

/* Apply fn to a copy, read it, and check the error message. */
static void expect_error(const u8 *file, size_t len, void (*fn)(u8 *copy, const u8 *orig),
			 const char *needle, const char *what)
{
	struct perf_header h;
	struct evlist *evlist;
	char err[256] = "";
	u8 *copy = malloc(len);
	int ret;

	memcpy(copy, file, len);
	fn(copy, file);
	ret = read_mem(copy, len, &h, &evlist, err, sizeof(err));
	ok(ret < 0 && strstr(err, needle), "%s: %s", what, err[0] ? err : "(no error)");
	free_read(&h, evlist);
	free(copy);
}

static u64 attrs_off(const u8 *f)
{
	struct perf_file_header fh;

	memcpy(&fh, f, sizeof(fh));
	return fh.attrs.offset;
}

static void put32(u8 *p, u32 v)
{
	memcpy(p, &v, 4);
}

static void put64(u8 *p, u64 v)
{
	memcpy(p, &v, 8);
}

static void c_magic(u8 *c, const u8 *o) { memcpy(c, "NOTPERF!", 8); }
static void c_v1(u8 *c, const u8 *o) { memcpy(c, "PERFFILE", 8); }
static void c_hdr_size(u8 *c, const u8 *o) { put64(c + 8, 40); }
static void c_attr_size(u8 *c, const u8 *o) { put64(c + 16, 1ULL << 40); }
static void c_attrs_mult(u8 *c, const u8 *o) { put64(c + 32, 144 * 2 - 8); }
static void c_attrs_past(u8 *c, const u8 *o) { put64(c + 24, 1ULL << 62); }
static void c_data_past(u8 *c, const u8 *o) { put64(c + 48, ~0ULL - 8); }
static void c_attr_big(u8 *c, const u8 *o) { put32(c + attrs_off(o) + 4, 136); }
static void c_attr_tiny(u8 *c, const u8 *o) { put32(c + attrs_off(o) + 4, 40); }
static void c_ids_mult(u8 *c, const u8 *o) { put64(c + attrs_off(o) + 136, 12); }
static void c_ids_past(u8 *c, const u8 *o) { put64(c + attrs_off(o) + 128, ~0ULL - 4); }
static void c_feat_table(u8 *c, const u8 *o) { put64(c + 80, ~0ULL); }

static void c_feat_past(u8 *c, const u8 *o)
{
	struct perf_file_header fh;

	memcpy(&fh, o, sizeof(fh));
	put64(c + fh.data.offset + fh.data.size + 8, 1ULL << 50);
}

static void c_no_nul(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_HOSTNAME, &s);
	memset(c + s.offset + 4, 'x', s.size - 4);
}

static void c_str_len(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_OSRELEASE, &s);
	put32(c + s.offset, 0xfffffff0);
}

static void c_cmdline_nr(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_CMDLINE, &s);
	put32(c + s.offset, 0x7fffffff);
}

static void c_evdesc_nr(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_EVENT_DESC, &s);
	put32(c + s.offset, 0x10000000);
}

static void c_evdesc_attr(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_EVENT_DESC, &s);
	put32(c + s.offset + 4, 4096);
}

static void c_evdesc_ids(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_EVENT_DESC, &s);
	/* nr_ids of the first event: after nr, attr_size and the attr */
	put32(c + s.offset + 8 + 128, 0x20000000);
}

static void c_topo_nr(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_CPU_TOPOLOGY, &s);
	put32(c + s.offset, 0xffffffff);
}

static void c_nrcpus(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_NRCPUS, &s);
	put32(c + s.offset, 0x40000000);	/* cpu ids of CPU_TOPOLOGY cannot fit */
}

static void c_bpf_info_len(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_BPF_PROG_INFO, &s);
	put32(c + s.offset + 4, sizeof(struct bpf_prog_info) + 8);
}

static void c_bpf_count(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_BPF_PROG_INFO, &s);
	put32(c + s.offset, 1000);
}

static void c_btf_size(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_BPF_BTF, &s);
	put32(c + s.offset + 8, 0xffffff00);
}

static void c_clock_version(u8 *c, const u8 *o)
{
	struct perf_file_section s;

	find_section(o, HEADER_CLOCK_DATA, &s);
	put32(c + s.offset, 2);
}

static void c_short_section(u8 *c, const u8 *o)
{
	struct perf_file_header fh;
	struct perf_file_section s;
	int k = 0, feat;

	/* TOTAL_MEM's section says 4 bytes: too short for its u64 */
	memcpy(&fh, o, sizeof(fh));
	for (feat = 0; feat < HEADER_TOTAL_MEM; feat++)
		k += !!(fh.adds_features[0] & (1ULL << feat));
	find_section(o, HEADER_TOTAL_MEM, &s);
	put64(c + fh.data.offset + fh.data.size + k * sizeof(s) + 8, 4);
}

static void test_bounds(const u8 *file, size_t len)
{
	expect_error(file, len, c_magic, "bad magic", "not a perf.data file");
	expect_error(file, len, c_v1, "version 1", "PERFFILE");
	expect_error(file, len, c_hdr_size, "header size", "file header size 40");
	expect_error(file, len, c_attr_size, "attr_size", "absurd attr_size");
	expect_error(file, len, c_attrs_mult, "multiple", "attrs size not a multiple");
	expect_error(file, len, c_attrs_past, "beyond", "attrs past the end");
	expect_error(file, len, c_data_past, "data section", "data section past the end");
	expect_error(file, len, c_attr_big, "larger than supported", "attr.size 136 > ours");
	expect_error(file, len, c_attr_tiny, "smaller", "attr.size 40");
	expect_error(file, len, c_ids_mult, "multiple of 8", "ids size 12");
	expect_error(file, len, c_ids_past, "beyond", "ids past the end");
	expect_error(file, len, c_feat_table, "beyond the end", "64 more feature bits");
	expect_error(file, len, c_feat_past, "beyond the end", "feature section past the end");
	expect_error(file, len, c_no_nul, "without NUL", "string without NUL");
	expect_error(file, len, c_str_len, "truncated", "string length past the section");
	expect_error(file, len, c_cmdline_nr, "cannot fit", "CMDLINE count");
	expect_error(file, len, c_evdesc_nr, "cannot fit", "EVENT_DESC count");
	expect_error(file, len, c_evdesc_attr, "not supported", "EVENT_DESC attr size 4096");
	expect_error(file, len, c_evdesc_ids, "cannot fit", "EVENT_DESC nr_ids");
	expect_error(file, len, c_topo_nr, "cannot fit", "CPU_TOPOLOGY count");
	expect_error(file, len, c_nrcpus, "cannot fit", "CPU_TOPOLOGY sized by NRCPUS");
	expect_error(file, len, c_bpf_info_len, "larger than ours", "BPF_PROG_INFO info_len");
	expect_error(file, len, c_bpf_count, "announced", "BPF_PROG_INFO count");
	expect_error(file, len, c_btf_size, "truncated", "BPF_BTF data_size");
	expect_error(file, len, c_clock_version, "version 2", "CLOCK_DATA version");
	expect_error(file, len, c_short_section, "truncated", "TOTAL_MEM section of 4 bytes");
}

/* attr.size 0 (VER0) and smaller sizes are zero-filled past their size. */
static void test_attr_versions(const u8 *file, size_t len)
{
	struct perf_header h;
	struct evlist *evlist;
	char err[256];
	u8 *copy = malloc(len);
	u64 a = attrs_off(file);

	memcpy(copy, file, len);
	put32(copy + a + 4, 0);
	put64(copy + a + 64, 0xdeadbeef);	/* would be config2 (bp_len) */
	is_int(read_mem(copy, len, &h, &evlist, err, sizeof(err)), 0, "attr.size 0 accepted");
	ok(evlist->nr_entries && evlist->entries[0]->attr.size == 64 &&
	   evlist->entries[0]->attr.bp_len == 0 && evlist->entries[0]->attr_size_read == 0,
	   "attr.size 0 read as the 64-byte VER0, zero past it");
	free_read(&h, evlist);

	memcpy(copy, file, len);
	put32(copy + a + 4, 72);
	put64(copy + a + 72, 0xdeadbeef);	/* branch_sample_type: past 72 bytes */
	put64(copy + a + 64, 0x1234);		/* config2: inside */
	is_int(read_mem(copy, len, &h, &evlist, err, sizeof(err)), 0, "attr.size 72 accepted");
	ok(evlist->nr_entries && evlist->entries[0]->attr.bp_len == 0x1234 &&
	   evlist->entries[0]->attr.branch_sample_type == 0, "fields inside kept, past it zero");
	free_read(&h, evlist);
	free(copy);
}

/* Pipe mode: our writer's records read back through the record handlers. */
static char *pipe_print_full;

static void test_pipe(struct perf_header *src, struct evlist *orig, const char *native_print)
{
	struct perf_header h;
	struct evlist *evlist;
	struct perf_data out, in;
	char *s;
	u64 off;
	int err, nr_attr = 0, nr_feat = 0, last = 0;

	err = perf_data__open_write(&out, path_in_dir("pipe.data"));
	if (!err)
		err = perf_header__write_pipe(src, orig, &out);
	if (!err)
		err = perf_data__commit(&out);
	perf_data__close(&out);
	is_int(err, 0, "write the pipe header");

	perf_data__open_read(&in, path_in_dir("pipe.data"));
	perf_header__init(&h);
	evlist = evlist__new();
	is_int(perf_header__read(&h, evlist, &in), 0, "read a pipe stream saved in a file");
	ok(h.is_pipe && h.data_offset == 16, "pipe mode, records at 16");
	for (off = 16; off + 8 <= in.size && !err;) {
		struct perf_event_header rh;
		u64 feat;

		memcpy(&rh, in.base + off, sizeof(rh));
		if (rh.size < 8 || off + rh.size > in.size)
			break;
		if (rh.type == 64) {
			err = perf_header__process_attr_record(&h, evlist, in.base + off, rh.size,
							       &in);
			nr_attr++;
		} else if (rh.type == 80) {
			memcpy(&feat, in.base + off + 8, 8);
			err = perf_header__process_feature(&h, (int)feat, in.base + off + 16,
							   rh.size - 16, &in);
			nr_feat++;
			last = (int)feat;
		}
		off += rh.size;
	}
	is_int(err, 0, "every record processed (%s)", in.err);
	ok(off == in.size, "records end at the end of the stream");
	is_int(nr_attr, 2, "two HEADER_ATTR records");
	is_int(last, HEADER_LAST_FEATURE, "features end with the HEADER_LAST_FEATURE record");
	ok(evlist->nr_entries == 2 && evlist->entries[1]->nr_ids == 2 &&
	   evlist->entries[1]->ids[1] == 38 && evlist->entries[1]->attr.ksymbol,
	   "attrs and ids from the records");
	is_str(evlist->nr_entries == 2 ? evlist->entries[0]->name : NULL, "cpu-clock:ppp",
	       "names from the EVENT_DESC record");
	pipe_print_full = print_header_nodate(&h, evlist, true);
	s = print_header_nodate(&h, evlist, false);
	ok(!strncmp(s, "# ========\n# header version : 1\n# data offset    : 0\n"
		    "# data size      : 0\n# feat offset    : 0\n# ========\n#\n", 79),
	   "pipe mode prints a zeroed file header block first");
	ok(strstr(s, "# btf info of id 58\n# bpf_prog_info 131: "
		  "bpf_prog_ba7481c396c507da_hot_prog_0") != NULL,
	   "BPF_BTF written before BPF_PROG_INFO, printed in arrival order");
	ok(!strstr(s, "missing features"), "no missing features line in pipe mode");
	free(s);
	perf_header__exit(&h);
	evlist__delete(evlist);
	perf_data__close(&in);

	/* bad records */
	perf_header__init(&h);
	evlist = evlist__new();
	memset(&in, 0, sizeof(in));
	in.fd = -1;
	{
		u8 rec[8 + 128 + 16];
		struct perf_event_attr a = orig->entries[0]->attr;

		a.size = 136;
		memcpy(rec + 8, &a, sizeof(a));
		ok(perf_header__process_attr_record(&h, evlist, rec, sizeof(rec), &in) < 0 &&
		   strstr(in.err, "larger than supported"), "HEADER_ATTR with attr.size 136: %s",
		   in.err);
		a.size = 128;
		memcpy(rec + 8, &a, sizeof(a));
		ok(perf_header__process_attr_record(&h, evlist, rec, 40, &in) < 0 &&
		   strstr(in.err, "too short"), "HEADER_ATTR of 40 bytes: %s", in.err);
		ok(perf_header__process_attr_record(&h, evlist, rec, 8 + 100, &in) < 0 &&
		   strstr(in.err, "larger than its entry"), "HEADER_ATTR cut inside the attr: %s",
		   in.err);
		ok(perf_header__process_feature(&h, 300, rec, 8, &in) < 0,
		   "HEADER_FEATURE with id 300");
		ok(perf_header__process_feature(&h, HEADER_HOSTNAME, "\x08\0\0\0abc", 7, &in) < 0 &&
		   strstr(in.err, "HOSTNAME"), "HEADER_FEATURE HOSTNAME truncated: %s", in.err);
	}
	/* a feature repeated in a pipe replaces the first (no leak under ASan) */
	{
		struct strbuf sb = STRBUF_INIT;
		int feat, k, err2 = 0;

		for (k = 0; k < 2; k++) {
			for (feat = HEADER_HOSTNAME; feat < HEADER_LAST_FEATURE; feat++) {
				strbuf__reset(&sb);
				if (perf_feature__write(src, feat, &sb))
					continue;
				err2 |= perf_header__process_feature(&h, feat, sb.buf, sb.len, &in);
			}
		}
		is_int(err2, 0, "every feature processed twice");
		is_int(h.env.nr_cpu_ids, 2, "CPU_TOPOLOGY replaced, not doubled");
		is_int(h.env.nr_pmu_mappings, 5, "PMU_MAPPINGS replaced");
		is_int(h.env.nr_events, 2, "EVENT_DESC replaced");
		is_int(h.env.bpf.nr_progs, 1, "BPF_PROG_INFO: the first of an id kept");
		strbuf__release(&sb);
	}
	perf_header__exit(&h);
	evlist__delete(evlist);
	(void)native_print;
}

/*
 * A big-endian pipe stream: our pipe output converted record by record, then
 * read as the session would (record header and ids made native first, attr
 * and feature payloads left to the header code).
 */
static void test_pipe_big_endian(const char *native_print_pipe)
{
	struct perf_data in;
	struct perf_header h;
	struct evlist *evlist;
	u8 *be, *rec;
	u64 off, w;
	char *s;
	int err = 0, bad = 0;

	if (perf_data__open_read(&in, path_in_dir("pipe.data")))
		return;
	be = malloc(in.size);
	memcpy(be, in.base, in.size);
	w = bswap_64(PERF_MAGIC2);
	memcpy(be, &w, 8);
	w = bswap_64(16);
	memcpy(be + 8, &w, 8);
	for (off = 16; off + 8 <= in.size;) {
		struct perf_event_header rh;
		u32 t;
		u16 sz;

		memcpy(&rh, in.base + off, sizeof(rh));
		rec = be + off;
		t = bswap_32(rh.type);
		sz = bswap_16(rh.size);
		memcpy(rec, &t, 4);
		memcpy(rec + 6, &sz, 2);
		if (rh.type == 64) {
			struct perf_event_attr a;
			u64 i, id;

			memcpy(&a, rec + 8, sizeof(a));
			perf_event_attr__swap_to_other(&a);
			memcpy(rec + 8, &a, sizeof(a));
			for (i = 8 + sizeof(a); i + 8 <= rh.size; i += 8) {
				memcpy(&id, rec + i, 8);
				id = bswap_64(id);
				memcpy(rec + i, &id, 8);
			}
		} else if (rh.type == 80) {
			u64 feat;

			memcpy(&feat, rec + 8, 8);
			w = bswap_64(feat);
			memcpy(rec + 8, &w, 8);
			if (feat < HEADER_LAST_FEATURE &&
			    feature__to_big_endian((int)feat, rec + 16, rh.size - 16))
				bad++;
		}
		off += rh.size;
	}
	is_int(bad, 0, "pipe stream converted to big-endian");
	perf_data__close(&in);

	memset(&in, 0, sizeof(in));
	in.path = "mem";
	in.fd = -1;
	in.base = be;
	in.size = off;
	perf_header__init(&h);
	evlist = evlist__new();
	is_int(perf_header__read(&h, evlist, &in), 0, "read the big-endian pipe header");
	ok(h.is_pipe && h.needs_swap, "pipe mode, needs_swap");
	for (off = 16; off + 8 <= in.size && !err;) {
		struct perf_event_header rh;
		u8 *copy;
		u64 feat, i, id;
		u32 asz;

		memcpy(&rh, be + off, sizeof(rh));
		rh.type = bswap_32(rh.type);
		rh.size = bswap_16(rh.size);
		copy = malloc(rh.size);
		memcpy(copy, be + off, rh.size);
		memcpy(copy, &rh, sizeof(rh));
		if (rh.type == 64) {
			memcpy(&asz, copy + 12, 4);
			for (i = 8 + bswap_32(asz); i + 8 <= rh.size; i += 8) {
				memcpy(&id, copy + i, 8);
				id = bswap_64(id);
				memcpy(copy + i, &id, 8);
			}
			err = perf_header__process_attr_record(&h, evlist, copy, rh.size, &in);
		} else if (rh.type == 80) {
			memcpy(&feat, copy + 8, 8);
			err = perf_header__process_feature(&h, (int)bswap_64(feat), copy + 16,
							   rh.size - 16, &in);
		}
		free(copy);
		off += rh.size;
	}
	is_int(err, 0, "every big-endian record processed (%s)", in.err);
	s = print_header_nodate(&h, evlist, true);
	is_str(s, native_print_pipe, "prints like the native pipe stream (-I)");
	free(s);
	ok(evlist->nr_entries == 2 && evlist->entries[1]->attr.bpf_event &&
	   evlist->entries[1]->ids[1] == 38, "attrs and ids from big-endian records");
	perf_header__exit(&h);
	evlist__delete(evlist);
	free(be);
}

/* data.size 0: a record killed before its final header write */
static void test_killed_record(const u8 *file, size_t len)
{
	struct perf_file_header fh;
	struct perf_header h;
	struct evlist *evlist;
	char err[256];
	u8 *copy = malloc(len);

	memcpy(&fh, file, sizeof(fh));
	memcpy(copy, file, len);
	put64(copy + 48, 0);
	/* the sections are gone: cut the file at the data offset */
	is_int(read_mem(copy, fh.data.offset, &h, &evlist, err, sizeof(err)), 0,
	       "data.size 0 and no feature table: read (%s)", err);
	ok(!perf_header__has_feat(&h, HEADER_HOSTNAME) && evlist->nr_entries == 2,
	   "attrs kept, feature bits dropped");
	free_read(&h, evlist);
	free(copy);
}

/* -I of MEM_TOPOLOGY alone: its lines into a string to free() */
static char *print_mem_topology(const struct strbuf *sec)
{
	struct perf_header h;
	char *buf = NULL;
	size_t size = 0;
	FILE *fp = open_memstream(&buf, &size);

	perf_header__init(&h);
	perf_feature__parse(&h, HEADER_MEM_TOPOLOGY, sec->buf, sec->len);
	perf_feature__fprintf(&h, HEADER_MEM_TOPOLOGY, fp, true);
	fclose(fp);
	perf_header__exit(&h);
	return buf;
}

/*
 * MEM_TOPOLOGY's loop bounds come from the file: a bit count near 2^64
 * (the fuzzer's hang: its word count wrapped to 0) or a node beyond the
 * section leave no nodes, as upstream prints a section it cannot read;
 * a whole section prints its nodes, long runs of set or clear words too.
 */
static void test_mem_topology_bounds(void)
{
	static const u64 huge[] = { ~0ULL, ~0ULL - 62, 1ULL << 63, (1ULL << 58) + 1 };
	struct strbuf sec = STRBUF_INIT;
	char *s;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(huge); i++) {
		strbuf__reset(&sec);
		strbuf__add_u64(&sec, 1);
		strbuf__add_u64(&sec, 0x8000000);
		strbuf__add_u64(&sec, 1);
		strbuf__add_u64(&sec, 0);		/* node */
		strbuf__add_u64(&sec, 0);		/* size */
		strbuf__add_u64(&sec, huge[i]);		/* nr_bits */
		strbuf__add_u64(&sec, ~0ULL);
		s = print_mem_topology(&sec);
		is_str(s, "# memory nodes (nr 0, block size 0x0):\n",
		       "%llu bits in 8 bytes: no nodes", (unsigned long long)huge[i]);
		free(s);
	}
	/* version 2, and more nodes announced than the section holds */
	strbuf__reset(&sec);
	strbuf__add_u64(&sec, 2);
	strbuf__add_u64(&sec, 0x8000000);
	strbuf__add_u64(&sec, 0);
	s = print_mem_topology(&sec);
	is_str(s, "# memory nodes (nr 0, block size 0x0):\n", "version 2: no nodes");
	free(s);
	strbuf__reset(&sec);
	strbuf__add_u64(&sec, 1);
	strbuf__add_u64(&sec, 0x8000000);
	strbuf__add_u64(&sec, ~0ULL >> 1);
	s = print_mem_topology(&sec);
	is_str(s, "# memory nodes (nr 0, block size 0x0):\n", "2^63 nodes in 0 bytes: none");
	free(s);
	/* two nodes: 4 words, the middle ones all set; 0 bits */
	strbuf__reset(&sec);
	strbuf__add_u64(&sec, 1);
	strbuf__add_u64(&sec, 0x8000000);
	strbuf__add_u64(&sec, 2);
	strbuf__add_u64(&sec, 0);
	strbuf__add_u64(&sec, 256);
	strbuf__add_u64(&sec, 250);
	strbuf__add_u64(&sec, 0);
	strbuf__add_u64(&sec, ~0ULL);
	strbuf__add_u64(&sec, ~0ULL);
	strbuf__add_u64(&sec, 0x1);
	strbuf__add_u64(&sec, 1);
	strbuf__add_u64(&sec, 0);
	strbuf__add_u64(&sec, 0);
	s = print_mem_topology(&sec);
	is_str(s, "# memory nodes (nr 2, block size 0x8000000):\n"
	       "#    0 [16G]: 64-192\n#    1 [0B]: \n", "two nodes, runs of whole words");
	free(s);
	strbuf__release(&sec);
}

static void test_raw_round_trip(struct evlist *evlist)
{
	struct perf_header h, r;
	struct evlist *e;
	char err[256];
	u8 *f1, *f2;
	size_t l1 = 0, l2 = 0;
	char *s;

	fill_header(&h, true);
	f1 = write_file(&h, evlist, "raw1.data", 104, &l1);
	ok(f1 != NULL, "file with raw features written");
	is_int(read_mem(f1, l1, &r, &e, err, sizeof(err)), 0, "read it (%s)", err);
	ok(perf_header__has_feat(&r, 40) && r.raw[40].size == 5 &&
	   !memcmp(r.raw[40].buf, "futur", 5), "unknown feature 40 kept raw");
	ok(perf_header__has_feat(&r, HEADER_BRANCH_STACK) && r.raw[HEADER_BRANCH_STACK].size == 0,
	   "empty BRANCH_STACK kept");
	s = print_header_nodate(&r, e, false);
	ok(strstr(s, "# CACHE info available, use -I to display\n") &&
	   strstr(s, "# contains samples with branch stack\n"), "raw features' lines");
	free(s);
	s = print_header_nodate(&r, e, true);
	/* observed here: `perf report --header-only -I` of `perf record -a` */
	ok(strstr(s, "# node0 meminfo  : total = 6514464 kB, free = 4027700 kB\n"
		  "# node0 cpu list : 0-1\n"), "-I NUMA_TOPOLOGY lines");
	ok(strstr(s, "# CPU cache info:\n"), "-I CACHE line");
	ok(strstr(s, "# memory nodes (nr 1, block size 0x8000000):\n#    0 [24G]: 0-23,32-199\n"),
	   "-I MEM_TOPOLOGY lines");
	free(s);
	f2 = write_file(&r, e, "raw2.data", 104, &l2);
	ok(f2 && l1 == l2 && !memcmp(f1, f2, l1), "read + write gives identical bytes");
	free(f1);
	free(f2);
	free_read(&r, e);
	perf_header__exit(&h);
}

/*
 * Sections we only print or copy, from a big-endian file: converted to
 * native order when read (they print and perf inject copies them as from
 * a native file); a malformed one stays as found.
 */
static void test_raw_to_native(void)
{
	struct strbuf numa = STRBUF_INIT, bid = STRBUF_INIT, out = STRBUF_INIT;
	struct perf_header h;
	u8 *be;
	struct conv c;

	/* NUMA_TOPOLOGY: u32 nr, {u32 node, u64 total, u64 free, cpus} */
	strbuf__add_u32(&numa, 1);
	strbuf__add_u32(&numa, 0);
	strbuf__add_u64(&numa, 6514464);
	strbuf__add_u64(&numa, 4027700);
	strbuf__add_u32(&numa, 8);
	strbuf__add(&numa, "0-1\0\0\0\0", 8);
	be = malloc(numa.len);
	memcpy(be, numa.buf, numa.len);
	c = (struct conv){ be, numa.len, 0, false };
	sw32(&c);
	sw32(&c);
	sw64(&c);
	sw64(&c);
	swstr(&c);
	ok(!c.bad && c.pos == numa.len, "NUMA_TOPOLOGY made big-endian");

	perf_header__init(&h);
	h.needs_swap = true;
	is_int(perf_feature__parse(&h, HEADER_NUMA_TOPOLOGY, be, numa.len), 0, "parse it");
	ok(!h.raw[HEADER_NUMA_TOPOLOGY].swapped &&
	   !memcmp(h.raw[HEADER_NUMA_TOPOLOGY].buf, numa.buf, numa.len),
	   "kept in native order");
	is_int(perf_feature__write(&h, HEADER_NUMA_TOPOLOGY, &out), 0, "written again");
	ok(out.len == numa.len && !memcmp(out.buf, numa.buf, numa.len), "written native");

	/* one string too long for the section: left as found, not written */
	be[numa.len - 9] = 9;
	is_int(perf_feature__parse(&h, HEADER_NUMA_TOPOLOGY, be, numa.len), 0, "parse a bad one");
	ok(h.raw[HEADER_NUMA_TOPOLOGY].swapped &&
	   !memcmp(h.raw[HEADER_NUMA_TOPOLOGY].buf, be, numa.len), "bad one kept as found");
	is_int(perf_feature__write(&h, HEADER_NUMA_TOPOLOGY, &out), -ENOENT, "and not written");
	free(be);

	/* BUILD_ID: {u32 type; u16 misc, size; s32 pid; build_id[20], u8 size, u8, u16; name} */
	strbuf__add_u32(&bid, PERF_RECORD_HEADER_BUILD_ID);
	strbuf__add(&bid, "\x02\x00\x30\x00", 4);	/* misc 2, size 48 */
	strbuf__add_u32(&bid, 4321);
	strbuf__add(&bid, "0123456789abcdefghij\x14\0\0\0/bin/true\0\0\0", 36);
	be = malloc(bid.len);
	memcpy(be, bid.buf, bid.len);
	c = (struct conv){ be, bid.len, 0, false };
	sw32(&c);
	be[4] = 0, be[5] = 2, be[6] = 0, be[7] = 0x30;
	c.pos = 8;
	sw32(&c);
	is_int(perf_feature__parse(&h, HEADER_BUILD_ID, be, bid.len), 0, "parse a BUILD_ID");
	ok(!h.raw[HEADER_BUILD_ID].swapped &&
	   !memcmp(h.raw[HEADER_BUILD_ID].buf, bid.buf, bid.len), "BUILD_ID made native");
	free(be);
	strbuf__release(&numa);
	strbuf__release(&bid);
	strbuf__release(&out);
	perf_header__exit(&h);
}

int main(void)
{
	struct perf_header h, r;
	struct evlist *evlist, *e;
	u8 *file, *file2;
	size_t len = 0, len2 = 0;
	char err[256], *native_print;

	if (!mkdtemp(dir))
		skip_all("cannot create a temporary directory");
	evlist = make_evlist();
	fill_header(&h, false);

	/* upstream's layout: header, ids, attrs, data, features */
	file = write_file(&h, evlist, "sys.data", sizeof(struct perf_file_header) +
			  perf_header__attrs_size(evlist), &len);
	ok(file != NULL, "wrote a file");
	if (!file)
		return done_testing();
	is_int(attrs_off(file), 104 + 32, "attrs right after the header and ids, as upstream");
	test_native(file, len, evlist);
	read_mem(file, len, &r, &e, err, sizeof(err));
	native_print = print_header_nodate(&r, e, false);
	{
		struct perf_data d;
		struct perf_header hf;
		struct evlist *ef = evlist__new();

		perf_data__open_read(&d, path_in_dir("sys.data"));
		perf_header__init(&hf);
		perf_header__read(&hf, ef, &d);
		test_upstream(path_in_dir("sys.data"), &hf, ef);
		free_read(&hf, ef);
		perf_data__close(&d);
	}
	free_read(&r, e);

	/* data right after the header: attrs go after the features */
	file2 = write_file(&h, evlist, "late-attrs.data", 104, &len2);
	ok(file2 && attrs_off(file2) > 104 + DATA_RECORDS * 8, "attrs after the features");
	if (file2) {
		char *s;

		is_int(read_mem(file2, len2, &r, &e, err, sizeof(err)), 0, "read it (%s)", err);
		s = print_header_nodate(&r, e, false);
		ok(!strcmp(strstr(s, "# hostname"), strstr(native_print, "# hostname")),
		   "prints the same features");
		free(s);
		free_read(&r, e);
	}
	free(file2);

	test_big_endian(file, len);
	test_raw_to_native();
	test_mem_topology_bounds();
	test_bounds(file, len);
	test_attr_versions(file, len);
	test_killed_record(file, len);
	test_corruption(file, len, "native");
	{
		u8 *be = file__to_big_endian(file, len);

		if (be)
			test_corruption(be, len, "big-endian");
		free(be);
	}
	test_pipe(&h, evlist, native_print);
	test_pipe_big_endian(pipe_print_full);
	free(pipe_print_full);
	test_raw_round_trip(evlist);

	free(native_print);
	free(file);
	perf_header__exit(&h);
	evlist__delete(evlist);
	{
		char cmd[300];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
		if (system(cmd))
			diag("cannot remove %s", dir);
	}
	return done_testing();
}
