// SPDX-License-Identifier: GPL-2.0
/*
 * Unit test of util/dump.c: `perf report -D` output, byte for byte.
 *
 * The vectors are records and their dump blocks copied from
 * `/usr/bin/perf report -D` (Debian perf 6.1.192) on files recorded on the
 * development machine with /usr/bin/perf record: system-wide (-a) with a
 * BPF load, per-thread -g, dwarf call graphs, group reads ({a,b}:S),
 * inherit_stat reads (-s), --switch-events --namespaces --all-cgroups
 * with -d --phys-data --data-page-size --code-page-size -W --intr-regs
 * --user-regs, a lossy -F 50000 -m 1 run, --buildid-mmap, `perf stat
 * record`, and pipe mode (-o -) with and without a tracepoint.  Upstream's
 * " ... thread:" and " ...... dso:" lines after samples are left out of
 * the expected text: they come from the sample hook, tested apart.
 */
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "util/dump.h"

struct vec {
	const char	*path;
	u64		ctx_type;
	int		ctx_id_all;
	u64		sample_type;
	u64		read_format;
	u64		regs_user;
	u64		regs_intr;
	const char	*name;
	u64		offset;
	u32		size;
	const char	*bytes;
	const char	*expect;
};

static const struct vec vecs[] = {
	{	/* sys.data: KSYMBOL #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x20da8, .size = 88,
		.bytes = "\x11\x00\x00\x00\x00\x00\x58\x00\xe0\x19\x02\xc0\xff\xff\xff\xff"
		"\x10\x00\x00\x00\x01\x00\x00\x00\x62\x70\x66\x5f\x70\x72\x6f\x67"
		"\x5f\x35\x39\x66\x34\x61\x39\x33\x31\x37\x34\x34\x64\x63\x64\x63"
		"\x36\x00\x00\x00\x00\x00\x00\x00\x91\x24\x00\x00\x91\x24\x00\x00"
		"\x3a\x15\xef\xfb\x46\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x34\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x20da8@sys.data [0x58]: event: 17\n"
		".\n"
		". ... raw event: size 88 bytes\n"
		".  0000:  11 00 00 00 00 00 58 00 e0 19 02 c0 ff ff ff ff  ......X......"
		"...\n"
		".  0010:  10 00 00 00 01 00 00 00 62 70 66 5f 70 72 6f 67  ........bpf_p"
		"rog\n"
		".  0020:  5f 35 39 66 34 61 39 33 31 37 34 34 64 63 64 63  _59f4a931744d"
		"cdc\n"
		".  0030:  36 00 00 00 00 00 00 00 91 24 00 00 91 24 00 00  6........$..."
		"$..\n"
		".  0040:  3a 15 ef fb 46 00 00 00 00 00 00 00 00 00 00 00  :...F........"
		"...\n"
		".  0050:  34 00 00 00 00 00 00 00                          4.......     "
		"   \n"
		"\n"
		"0 304874460474 0x20da8 [0x58]: PERF_RECORD_KSYMBOL addr ffffffffc00219e0"
		" len 16 type 1 flags 0x0 name bpf_prog_59f4a931744dcdc6\n",
	},
	{	/* sys.data: KSYMBOL #1 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x20ee0, .size = 88,
		.bytes = "\x11\x00\x00\x00\x00\x00\x58\x00\xe0\x19\x02\xc0\xff\xff\xff\xff"
		"\x10\x00\x00\x00\x01\x00\x01\x00\x62\x70\x66\x5f\x70\x72\x6f\x67"
		"\x5f\x35\x39\x66\x34\x61\x39\x33\x31\x37\x34\x34\x64\x63\x64\x63"
		"\x36\x00\x00\x00\x00\x00\x00\x00\x91\x24\x00\x00\x91\x24\x00\x00"
		"\x06\xb1\xfa\xfb\x46\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x34\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x20ee0@sys.data [0x58]: event: 17\n"
		".\n"
		". ... raw event: size 88 bytes\n"
		".  0000:  11 00 00 00 00 00 58 00 e0 19 02 c0 ff ff ff ff  ......X......"
		"...\n"
		".  0010:  10 00 00 00 01 00 01 00 62 70 66 5f 70 72 6f 67  ........bpf_p"
		"rog\n"
		".  0020:  5f 35 39 66 34 61 39 33 31 37 34 34 64 63 64 63  _59f4a931744d"
		"cdc\n"
		".  0030:  36 00 00 00 00 00 00 00 91 24 00 00 91 24 00 00  6........$..."
		"$..\n"
		".  0040:  06 b1 fa fb 46 00 00 00 00 00 00 00 00 00 00 00  ....F........"
		"...\n"
		".  0050:  34 00 00 00 00 00 00 00                          4.......     "
		"   \n"
		"\n"
		"0 304875221254 0x20ee0 [0x58]: PERF_RECORD_KSYMBOL addr ffffffffc00219e0"
		" len 16 type 1 flags 0x1 name bpf_prog_59f4a931744dcdc6\n",
	},
	{	/* sys.data: BPF_EVENT #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x20e00, .size = 56,
		.bytes = "\x12\x00\x00\x00\x00\x00\x38\x00\x01\x00\x00\x00\x61\x00\x00\x00"
		"\x59\xf4\xa9\x31\x74\x4d\xcd\xc6\x91\x24\x00\x00\x91\x24\x00\x00"
		"\xee\x51\xef\xfb\x46\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x34\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x20e00@sys.data [0x38]: event: 18\n"
		".\n"
		". ... raw event: size 56 bytes\n"
		".  0000:  12 00 00 00 00 00 38 00 01 00 00 00 61 00 00 00  ......8.....a"
		"...\n"
		".  0010:  59 f4 a9 31 74 4d cd c6 91 24 00 00 91 24 00 00  Y..1tM...$..."
		"$..\n"
		".  0020:  ee 51 ef fb 46 00 00 00 00 00 00 00 00 00 00 00  .Q..F........"
		"...\n"
		".  0030:  34 00 00 00 00 00 00 00                          4.......     "
		"   \n"
		"\n"
		"0 304874476014 0x20e00 [0x38]: PERF_RECORD_BPF_EVENT type 1, flags 0, id"
		" 97\n",
	},
	{	/* sys.data: BPF_EVENT #1 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x20f38, .size = 56,
		.bytes = "\x12\x00\x00\x00\x00\x00\x38\x00\x02\x00\x00\x00\x61\x00\x00\x00"
		"\x59\xf4\xa9\x31\x74\x4d\xcd\xc6\x91\x24\x00\x00\x91\x24\x00\x00"
		"\x8d\xcf\xfa\xfb\x46\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x34\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x20f38@sys.data [0x38]: event: 18\n"
		".\n"
		". ... raw event: size 56 bytes\n"
		".  0000:  12 00 00 00 00 00 38 00 02 00 00 00 61 00 00 00  ......8.....a"
		"...\n"
		".  0010:  59 f4 a9 31 74 4d cd c6 91 24 00 00 91 24 00 00  Y..1tM...$..."
		"$..\n"
		".  0020:  8d cf fa fb 46 00 00 00 00 00 00 00 00 00 00 00  ....F........"
		"...\n"
		".  0030:  34 00 00 00 00 00 00 00                          4.......     "
		"   \n"
		"\n"
		"0 304875229069 0x20f38 [0x38]: PERF_RECORD_BPF_EVENT type 2, flags 0, id"
		" 97\n",
	},
	{	/* sys.data: MMAP #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x238, .size = 96,
		.bytes = "\x01\x00\x00\x00\x01\x00\x60\x00\xff\xff\xff\xff\x00\x00\x00\x00"
		"\x00\x00\x00\x81\xff\xff\xff\xff\x48\x6f\x27\x01\x00\x00\x00\x00"
		"\x00\x00\x00\x81\xff\xff\xff\xff\x5b\x6b\x65\x72\x6e\x65\x6c\x2e"
		"\x6b\x61\x6c\x6c\x73\x79\x6d\x73\x5d\x5f\x74\x65\x78\x74\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x238@sys.data [0x60]: event: 1\n"
		".\n"
		". ... raw event: size 96 bytes\n"
		".  0000:  01 00 00 00 01 00 60 00 ff ff ff ff 00 00 00 00  ......`......"
		"...\n"
		".  0010:  00 00 00 81 ff ff ff ff 48 6f 27 01 00 00 00 00  ........Ho'.."
		"...\n"
		".  0020:  00 00 00 81 ff ff ff ff 5b 6b 65 72 6e 65 6c 2e  ........[kern"
		"el.\n"
		".  0030:  6b 61 6c 6c 73 79 6d 73 5d 5f 74 65 78 74 00 00  kallsyms]_tex"
		"t..\n"
		".  0040:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0050:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0 0x238 [0x60]: PERF_RECORD_MMAP -1/0: [0xffffffff81000000(0x1276f48) "
		"@ 0xffffffff81000000]: x [kernel.kallsyms]_text\n",
	},
	{	/* sys.data: MMAP2 #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x2180, .size = 112,
		.bytes = "\x0a\x00\x00\x00\x02\x00\x70\x00\xa1\x04\x00\x00\xa1\x04\x00\x00"
		"\x00\xf0\x36\x69\x11\x7f\x00\x00\x00\x20\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x05\x00\x00\x00\x02\x00\x00\x00\x5b\x76\x64\x73\x6f\x5d\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x2180@sys.data [0x70]: event: 10\n"
		".\n"
		". ... raw event: size 112 bytes\n"
		".  0000:  0a 00 00 00 02 00 70 00 a1 04 00 00 a1 04 00 00  ......p......"
		"...\n"
		".  0010:  00 f0 36 69 11 7f 00 00 00 20 00 00 00 00 00 00  ..6i..... ..."
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0040:  05 00 00 00 02 00 00 00 5b 76 64 73 6f 5d 00 00  ........[vdso"
		"]..\n"
		".  0050:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0060:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0 0x2180 [0x70]: PERF_RECORD_MMAP2 1185/1185: [0x7f116936f000(0x2000) "
		"@ 0 00:00 0 0]: r-xp [vdso]\n",
	},
	{	/* sys.data: COMM #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x370, .size = 64,
		.bytes = "\x03\x00\x00\x00\x00\x00\x40\x00\x01\x00\x00\x00\x01\x00\x00\x00"
		"\x70\x72\x6f\x63\x65\x73\x73\x5f\x61\x70\x69\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x370@sys.data [0x40]: event: 3\n"
		".\n"
		". ... raw event: size 64 bytes\n"
		".  0000:  03 00 00 00 00 00 40 00 01 00 00 00 01 00 00 00  ......@......"
		"...\n"
		".  0010:  70 72 6f 63 65 73 73 5f 61 70 69 00 00 00 00 00  process_api.."
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0 0x370 [0x40]: PERF_RECORD_COMM: process_api:1/1\n",
	},
	{	/* sys.data: FORK #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x330, .size = 64,
		.bytes = "\x07\x00\x00\x00\x00\x20\x40\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x330@sys.data [0x40]: event: 7\n"
		".\n"
		". ... raw event: size 64 bytes\n"
		".  0000:  07 00 00 00 00 20 40 00 01 00 00 00 00 00 00 00  ..... @......"
		"...\n"
		".  0010:  01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0 0x330 [0x40]: PERF_RECORD_FORK(1:1):(0:0)\n",
	},
	{	/* sys.data: EXIT #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0xc240, .size = 64,
		.bytes = "\x04\x00\x00\x00\x00\x00\x40\x00\x7e\x24\x00\x00\x14\x23\x00\x00"
		"\x7e\x24\x00\x00\x14\x23\x00\x00\xb3\x2f\x26\xe1\x46\x00\x00\x00"
		"\x7e\x24\x00\x00\x7e\x24\x00\x00\x46\x2b\x26\xe1\x46\x00\x00\x00"
		"\x01\x00\x00\x00\x00\x00\x00\x00\x35\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xc240@sys.data [0x40]: event: 4\n"
		".\n"
		". ... raw event: size 64 bytes\n"
		".  0000:  04 00 00 00 00 00 40 00 7e 24 00 00 14 23 00 00  ......@.~$..."
		"#..\n"
		".  0010:  7e 24 00 00 14 23 00 00 b3 2f 26 e1 46 00 00 00  ~$...#.../&.F"
		"...\n"
		".  0020:  7e 24 00 00 7e 24 00 00 46 2b 26 e1 46 00 00 00  ~$..~$..F+&.F"
		"...\n"
		".  0030:  01 00 00 00 00 00 00 00 35 00 00 00 00 00 00 00  ........5...."
		"...\n"
		"\n"
		"1 304425085766 0xc240 [0x40]: PERF_RECORD_EXIT(9342:9342):(8980:8980)\n",
	},
	{	/* sys.data: ID_INDEX #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x1a8, .size = 144,
		.bytes = "\x45\x00\x00\x00\x00\x00\x90\x00\x04\x00\x00\x00\x00\x00\x00\x00"
		"\x32\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff"
		"\x33\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x01\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff"
		"\x34\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff"
		"\x35\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x01\x00\x00\x00\x00\x00\x00\x00\xff\xff\xff\xff\xff\xff\xff\xff",
		.expect = "\n"
		"0x1a8@sys.data [0x90]: event: 69\n"
		".\n"
		". ... raw event: size 144 bytes\n"
		".  0000:  45 00 00 00 00 00 90 00 04 00 00 00 00 00 00 00  E............"
		"...\n"
		".  0010:  32 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  2............"
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 ff ff ff ff ff ff ff ff  ............."
		"...\n"
		".  0030:  33 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00  3............"
		"...\n"
		".  0040:  01 00 00 00 00 00 00 00 ff ff ff ff ff ff ff ff  ............."
		"...\n"
		".  0050:  34 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  4............"
		"...\n"
		".  0060:  00 00 00 00 00 00 00 00 ff ff ff ff ff ff ff ff  ............."
		"...\n"
		".  0070:  35 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00  5............"
		"...\n"
		".  0080:  01 00 00 00 00 00 00 00 ff ff ff ff ff ff ff ff  ............."
		"...\n"
		"\n"
		"0 0 0x1a8 [0x90]: PERF_RECORD_ID_INDEX nr: 4\n"
		" ... id: 50  idx: 0  cpu: 0  tid: -1\n"
		" ... id: 51  idx: 1  cpu: 1  tid: -1\n"
		" ... id: 52  idx: 0  cpu: 0  tid: -1\n"
		" ... id: 53  idx: 1  cpu: 1  tid: -1\n",
	},
	{	/* sys.data: THREAD_MAP #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x2f8, .size = 40,
		.bytes = "\x49\x00\x00\x00\x00\x00\x28\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\xff\xff\xff\xff\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x2f8@sys.data [0x28]: event: 73\n"
		".\n"
		". ... raw event: size 40 bytes\n"
		".  0000:  49 00 00 00 00 00 28 00 01 00 00 00 00 00 00 00  I.....(......"
		"...\n"
		".  0010:  ff ff ff ff ff ff ff ff 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00                          ........     "
		"   \n"
		"\n"
		"0 0 0x2f8 [0x28]: PERF_RECORD_THREAD_MAP nr: 1 thread: -1\n"
		": unhandled!\n",
	},
	{	/* sys.data: CPU_MAP #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x320, .size = 16,
		.bytes = "\x4a\x00\x00\x00\x00\x00\x10\x00\x02\x00\x00\x00\x00\x00\x01\x00",
		.expect = "\n"
		"0x320@sys.data [0x10]: event: 74\n"
		".\n"
		". ... raw event: size 16 bytes\n"
		".  0000:  4a 00 00 00 00 00 10 00 02 00 00 00 00 00 01 00  J............"
		"...\n"
		"\n"
		"0 0 0x320 [0x10]: PERF_RECORD_CPU_MAP: 0-1\n"
		": unhandled!\n",
	},
	{	/* sys.data: EVENT_UPDATE #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x298, .size = 48,
		.bytes = "\x4e\x00\x00\x00\x00\x00\x30\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x32\x00\x00\x00\x00\x00\x00\x00\x6d\x73\x65\x63\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x298@sys.data [0x30]: event: 78\n"
		".\n"
		". ... raw event: size 48 bytes\n"
		".  0000:  4e 00 00 00 00 00 30 00 00 00 00 00 00 00 00 00  N.....0......"
		"...\n"
		".  0010:  32 00 00 00 00 00 00 00 6d 73 65 63 00 00 00 00  2.......msec."
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0 0x298 [0x30]: PERF_RECORD_EVENT_UPDATE\n"
		"... id:    50\n"
		"... unit:  msec\n",
	},
	{	/* sys.data: EVENT_UPDATE #1 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x2c8, .size = 48,
		.bytes = "\x4e\x00\x00\x00\x00\x00\x30\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x32\x00\x00\x00\x00\x00\x00\x00\x8d\xed\xb5\xa0\xf7\xc6\xb0\x3e"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x2c8@sys.data [0x30]: event: 78\n"
		".\n"
		". ... raw event: size 48 bytes\n"
		".  0000:  4e 00 00 00 00 00 30 00 01 00 00 00 00 00 00 00  N.....0......"
		"...\n"
		".  0010:  32 00 00 00 00 00 00 00 8d ed b5 a0 f7 c6 b0 3e  2............"
		"..>\n"
		".  0020:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0 0x2c8 [0x30]: PERF_RECORD_EVENT_UPDATE\n"
		"... id:    50\n"
		"... scale: 0.000001\n",
	},
	{	/* sys.data: FINISHED_ROUND #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0xc8f8, .size = 8,
		.bytes = "\x44\x00\x00\x00\x00\x00\x08\x00",
		.expect = "\n"
		"0xc8f8@sys.data [0x8]: event: 68\n"
		".\n"
		". ... raw event: size 8 bytes\n"
		".  0000:  44 00 00 00 00 00 08 00                          D.......     "
		"   \n"
		"\n"
		"0 0 0xc8f8 [0x8]: PERF_RECORD_FINISHED_ROUND\n",
	},
	{	/* sys.data: FINISHED_INIT #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0xbbc8, .size = 8,
		.bytes = "\x52\x00\x00\x00\x00\x00\x08\x00",
		.expect = "\n"
		"0xbbc8@sys.data [0x8]: event: 82\n"
		".\n"
		". ... raw event: size 8 bytes\n"
		".  0000:  52 00 00 00 00 00 08 00                          R.......     "
		"   \n"
		"\n"
		"0 0 0xbbc8 [0x8]: PERF_RECORD_FINISHED_INIT: unhandled!\n",
	},
	{	/* sys.data: SAMPLE #0 */
		.path = "sys.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10187, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0xbfd8, .size = 56,
		.bytes = "\x09\x00\x00\x00\x01\x00\x38\x00\x32\x00\x00\x00\x00\x00\x00\x00"
		"\x19\xfd\x25\x82\xff\xff\xff\xff\xd7\x23\x00\x00\xd7\x23\x00\x00"
		"\x73\x50\xc0\xe6\x46\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x90\xd0\x03\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xbfd8@sys.data [0x38]: event: 9\n"
		".\n"
		". ... raw event: size 56 bytes\n"
		".  0000:  09 00 00 00 01 00 38 00 32 00 00 00 00 00 00 00  ......8.2...."
		"...\n"
		".  0010:  19 fd 25 82 ff ff ff ff d7 23 00 00 d7 23 00 00  ..%......#..."
		"#..\n"
		".  0020:  73 50 c0 e6 46 00 00 00 00 00 00 00 00 00 00 00  sP..F........"
		"...\n"
		".  0030:  90 d0 03 00 00 00 00 00                          ........     "
		"   \n"
		"\n"
		"0 304519073907 0xbfd8 [0x38]: PERF_RECORD_SAMPLE(IP, 0x1): 9175/9175: 0x"
		"ffffffff8225fd19 period: 250000 addr: 0\n",
	},
	{	/* thr.data: SAMPLE #0 */
		.path = "thr.data", .ctx_type = 0x127, .ctx_id_all = 1,
		.sample_type = 0x127, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x4638, .size = 208,
		.bytes = "\x09\x00\x00\x00\x01\x00\xd0\x00\x67\x60\x25\x82\xff\xff\xff\xff"
		"\xae\x24\x00\x00\xae\x24\x00\x00\x77\xf8\x51\x5c\x47\x00\x00\x00"
		"\x90\xd0\x03\x00\x00\x00\x00\x00\x14\x00\x00\x00\x00\x00\x00\x00"
		"\x80\xff\xff\xff\xff\xff\xff\xff\x67\x60\x25\x82\xff\xff\xff\xff"
		"\x68\x7e\x63\x81\xff\xff\xff\xff\x03\x96\x63\x81\xff\xff\xff\xff"
		"\xf6\x3a\x67\x81\xff\xff\xff\xff\xbc\x3d\x67\x81\xff\xff\xff\xff"
		"\xce\xe3\x5f\x81\xff\xff\xff\xff\xdb\x4d\x60\x81\xff\xff\xff\xff"
		"\xe0\x57\x60\x81\xff\xff\xff\xff\x1d\x03\x26\x82\xff\xff\xff\xff"
		"\x82\x0c\x00\x81\xff\xff\xff\xff\x9a\x5b\x77\x81\xff\xff\xff\xff"
		"\x2a\x62\x77\x81\xff\xff\xff\xff\xed\x0f\x6e\x81\xff\xff\xff\xff"
		"\x16\x27\x6e\x81\xff\xff\xff\xff\xe4\x37\x6e\x81\xff\xff\xff\xff"
		"\xc1\xa6\x25\x82\xff\xff\xff\xff\x30\x01\x00\x81\xff\xff\xff\xff"
		"\x00\xfe\xff\xff\xff\xff\xff\xff\xd7\x2a\xcf\x1c\xf3\x7f\x00\x00",
		.expect = "\n"
		"0x4638@thr.data [0xd0]: event: 9\n"
		".\n"
		". ... raw event: size 208 bytes\n"
		".  0000:  09 00 00 00 01 00 d0 00 67 60 25 82 ff ff ff ff  ........g`%.."
		"...\n"
		".  0010:  ae 24 00 00 ae 24 00 00 77 f8 51 5c 47 00 00 00  .$...$..w.Q\\G"
		"...\n"
		".  0020:  90 d0 03 00 00 00 00 00 14 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  80 ff ff ff ff ff ff ff 67 60 25 82 ff ff ff ff  ........g`%.."
		"...\n"
		".  0040:  68 7e 63 81 ff ff ff ff 03 96 63 81 ff ff ff ff  h~c.......c.."
		"...\n"
		".  0050:  f6 3a 67 81 ff ff ff ff bc 3d 67 81 ff ff ff ff  .:g......=g.."
		"...\n"
		".  0060:  ce e3 5f 81 ff ff ff ff db 4d 60 81 ff ff ff ff  .._......M`.."
		"...\n"
		".  0070:  e0 57 60 81 ff ff ff ff 1d 03 26 82 ff ff ff ff  .W`.......&.."
		"...\n"
		".  0080:  82 0c 00 81 ff ff ff ff 9a 5b 77 81 ff ff ff ff  .........[w.."
		"...\n"
		".  0090:  2a 62 77 81 ff ff ff ff ed 0f 6e 81 ff ff ff ff  *bw.......n.."
		"...\n"
		".  00a0:  16 27 6e 81 ff ff ff ff e4 37 6e 81 ff ff ff ff  .'n......7n.."
		"...\n"
		".  00b0:  c1 a6 25 82 ff ff ff ff 30 01 00 81 ff ff ff ff  ..%.....0...."
		"...\n"
		".  00c0:  00 fe ff ff ff ff ff ff d7 2a cf 1c f3 7f 00 00  .........*..."
		"...\n"
		"\n"
		"306491553911 0x4638 [0xd0]: PERF_RECORD_SAMPLE(IP, 0x1): 9390/9390: 0xff"
		"ffffff82256067 period: 250000 addr: 0\n"
		"... FP chain: nr:20\n"
		".....  0: ffffffffffffff80\n"
		".....  1: ffffffff82256067\n"
		".....  2: ffffffff81637e68\n"
		".....  3: ffffffff81639603\n"
		".....  4: ffffffff81673af6\n"
		".....  5: ffffffff81673dbc\n"
		".....  6: ffffffff815fe3ce\n"
		".....  7: ffffffff81604ddb\n"
		".....  8: ffffffff816057e0\n"
		".....  9: ffffffff8226031d\n"
		"..... 10: ffffffff81000c82\n"
		"..... 11: ffffffff81775b9a\n"
		"..... 12: ffffffff8177622a\n"
		"..... 13: ffffffff816e0fed\n"
		"..... 14: ffffffff816e2716\n"
		"..... 15: ffffffff816e37e4\n"
		"..... 16: ffffffff8225a6c1\n"
		"..... 17: ffffffff81000130\n"
		"..... 18: fffffffffffffe00\n"
		"..... 19: 00007ff31ccf2ad7\n",
	},
	{	/* thr.data: COMM #1 */
		.path = "thr.data", .ctx_type = 0x127, .ctx_id_all = 1,
		.sample_type = 0x127, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x45a8, .size = 40,
		.bytes = "\x03\x00\x00\x00\x00\x20\x28\x00\xae\x24\x00\x00\xae\x24\x00\x00"
		"\x6c\x6f\x61\x64\x2e\x73\x68\x00\xae\x24\x00\x00\xae\x24\x00\x00"
		"\xc9\x2e\x4d\x5c\x47\x00\x00\x00",
		.expect = "\n"
		"0x45a8@thr.data [0x28]: event: 3\n"
		".\n"
		". ... raw event: size 40 bytes\n"
		".  0000:  03 00 00 00 00 20 28 00 ae 24 00 00 ae 24 00 00  ..... (..$..."
		"$..\n"
		".  0010:  6c 6f 61 64 2e 73 68 00 ae 24 00 00 ae 24 00 00  load.sh..$..."
		"$..\n"
		".  0020:  c9 2e 4d 5c 47 00 00 00                          ..M\\G...     "
		"   \n"
		"\n"
		"306491240137 0x45a8 [0x28]: PERF_RECORD_COMM exec: load.sh:9390/9390\n",
	},
	{	/* many.data: SAMPLE #0 */
		.path = "many.data", .ctx_type = 0x1ee914f, .ctx_id_all = 1,
		.sample_type = 0x1ee914f, .read_format = 0x14, .regs_user = 0x1, .regs_intr = 0x3,
		.name = "cpu-clock", .offset = 0xed0, .size = 152,
		.bytes = "\x09\x00\x00\x00\x01\x00\x98\x00\x9a\x5b\x77\x81\xff\xff\xff\xff"
		"\x18\x2a\x00\x00\x18\x2a\x00\x00\xe4\xf1\xcb\xf7\x4f\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\xca\x00\x00\x00\x00\x00\x00\x00"
		"\x90\xd0\x03\x00\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00"
		"\xda\xff\xff\xff\xff\xff\xff\xff\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x21\x00\x08\x05\x1e\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x02\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x03\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x20\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xed0@many.data [0x98]: event: 9\n"
		".\n"
		". ... raw event: size 152 bytes\n"
		".  0000:  09 00 00 00 01 00 98 00 9a 5b 77 81 ff ff ff ff  .........[w.."
		"...\n"
		".  0010:  18 2a 00 00 18 2a 00 00 e4 f1 cb f7 4f 00 00 00  .*...*......O"
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 ca 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  90 d0 03 00 00 00 00 00 02 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0040:  da ff ff ff ff ff ff ff 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0050:  21 00 08 05 1e 00 00 00 00 00 00 00 00 00 00 00  !............"
		"...\n"
		".  0060:  02 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0070:  03 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0080:  01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0090:  00 00 20 00 00 00 00 00                          .. .....     "
		"   \n"
		"\n"
		"343459754468 0xed0 [0x98]: PERF_RECORD_SAMPLE(IP, 0x1): 10776/10776: 0xf"
		"fffffff81775b9a period: 250000 addr: 0\n"
		"... user regs: mask 0x1 ABI 64-bit\n"
		".... AX    0xffffffffffffffda\n"
		"... intr regs: mask 0x3 ABI 64-bit\n"
		".... AX    0x0000000000000000\n"
		".... BX    0x0000000000000003\n"
		"... weight: 0,0x0,0x0\n"
		" . data_src: 0x1e05080021\n"
		" .. phys_addr: 0x0\n"
		" .. data page size: N/A\n"
		" .. code page size: 2M\n"
		"... transaction: 0\n",
	},
	{	/* many.data: NAMESPACES #0 */
		.path = "many.data", .ctx_type = 0x1ee914f, .ctx_id_all = 1,
		.sample_type = 0x1ee914f, .read_format = 0x14, .regs_user = 0x1, .regs_intr = 0x3,
		.name = "cpu-clock", .offset = 0xbd0, .size = 160,
		.bytes = "\x10\x00\x00\x00\x00\x00\xa0\x00\x18\x2a\x00\x00\x18\x2a\x00\x00"
		"\x07\x00\x00\x00\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00"
		"\xf9\xff\xff\xef\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00"
		"\xfe\xff\xff\xef\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00"
		"\xff\xff\xff\xef\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00"
		"\xfc\xff\xff\xef\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00"
		"\xfd\xff\xff\xef\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00"
		"\xf8\xff\xff\xef\x00\x00\x00\x00\x04\x00\x00\x00\x00\x00\x00\x00"
		"\xfb\xff\xff\xef\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xbd0@many.data [0xa0]: event: 16\n"
		".\n"
		". ... raw event: size 160 bytes\n"
		".  0000:  10 00 00 00 00 00 a0 00 18 2a 00 00 18 2a 00 00  .........*..."
		"*..\n"
		".  0010:  07 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0020:  f9 ff ff ef 00 00 00 00 04 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  fe ff ff ef 00 00 00 00 04 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0040:  ff ff ff ef 00 00 00 00 04 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0050:  fc ff ff ef 00 00 00 00 04 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0060:  fd ff ff ef 00 00 00 00 04 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0070:  f8 ff ff ef 00 00 00 00 04 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0080:  fb ff ff ef 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0090:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0xbd0 [0xa0]: PERF_RECORD_NAMESPACES 10776/10776 - nr_namespaces: 7\n"
		"\t\t[0/net: 4/0xeffffff9, 1/uts: 4/0xeffffffe, 2/ipc: 4/0xefffffff, 3/pid:"
		" 4/0xeffffffc, \n"
		"\t\t 4/user: 4/0xeffffffd, 5/mnt: 4/0xeffffff8, 6/cgroup: 4/0xeffffffb]\n",
	},
	{	/* many.data: CGROUP #0 */
		.path = "many.data", .ctx_type = 0x1ee914f, .ctx_id_all = 1,
		.sample_type = 0x1ee914f, .read_format = 0x14, .regs_user = 0x1, .regs_intr = 0x3,
		.name = "cpu-clock", .offset = 0xb68, .size = 48,
		.bytes = "\x13\x00\x00\x00\x00\x00\x30\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x2f\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xb68@many.data [0x30]: event: 19\n"
		".\n"
		". ... raw event: size 48 bytes\n"
		".  0000:  13 00 00 00 00 00 30 00 01 00 00 00 00 00 00 00  ......0......"
		"...\n"
		".  0010:  2f 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  /............"
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0xb68 [0x30]: PERF_RECORD_CGROUP cgroup: 1 /\n",
	},
	{	/* many.data: SWITCH #0 */
		.path = "many.data", .ctx_type = 0x1ee914f, .ctx_id_all = 1,
		.sample_type = 0x1ee914f, .read_format = 0x14, .regs_user = 0x1, .regs_intr = 0x3,
		.name = "cpu-clock", .offset = 0x1d18, .size = 32,
		.bytes = "\x0e\x00\x00\x00\x00\x60\x20\x00\x18\x2a\x00\x00\x18\x2a\x00\x00"
		"\x77\x73\xe6\xf7\x4f\x00\x00\x00\xca\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x1d18@many.data [0x20]: event: 14\n"
		".\n"
		". ... raw event: size 32 bytes\n"
		".  0000:  0e 00 00 00 00 60 20 00 18 2a 00 00 18 2a 00 00  .....` ..*..."
		"*..\n"
		".  0010:  77 73 e6 f7 4f 00 00 00 ca 00 00 00 00 00 00 00  ws..O........"
		"...\n"
		"\n"
		"343461491575 0x1d18 [0x20]: PERF_RECORD_SWITCH OUT preempt\n",
	},
	{	/* many.data: SWITCH #1 */
		.path = "many.data", .ctx_type = 0x1ee914f, .ctx_id_all = 1,
		.sample_type = 0x1ee914f, .read_format = 0x14, .regs_user = 0x1, .regs_intr = 0x3,
		.name = "cpu-clock", .offset = 0x4ae0, .size = 32,
		.bytes = "\x0e\x00\x00\x00\x00\x00\x20\x00\x18\x2a\x00\x00\x18\x2a\x00\x00"
		"\x06\x9e\x67\xf8\x4f\x00\x00\x00\xca\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x4ae0@many.data [0x20]: event: 14\n"
		".\n"
		". ... raw event: size 32 bytes\n"
		".  0000:  0e 00 00 00 00 00 20 00 18 2a 00 00 18 2a 00 00  ...... ..*..."
		"*..\n"
		".  0010:  06 9e 67 f8 4f 00 00 00 ca 00 00 00 00 00 00 00  ..g.O........"
		"...\n"
		"\n"
		"343469956614 0x4ae0 [0x20]: PERF_RECORD_SWITCH IN         \n",
	},
	{	/* dwarf.data: SAMPLE #0 */
		.path = "dwarf.data", .ctx_type = 0xb12f, .ctx_id_all = 1,
		.sample_type = 0xb12f, .read_format = 0x14, .regs_user = 0xff0fff, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0xbb0, .size = 1336,
		.bytes = "\x09\x00\x00\x00\x01\x00\x38\x05\x9a\x5b\x77\x81\xff\xff\xff\xff"
		"\x4e\x2a\x00\x00\x4e\x2a\x00\x00\xbc\x0e\x9c\x72\x50\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x90\xd0\x03\x00\x00\x00\x00\x00"
		"\x08\x00\x00\x00\x00\x00\x00\x00\x80\xff\xff\xff\xff\xff\xff\xff"
		"\x9a\x5b\x77\x81\xff\xff\xff\xff\x2a\x62\x77\x81\xff\xff\xff\xff"
		"\xed\x0f\x6e\x81\xff\xff\xff\xff\x16\x27\x6e\x81\xff\xff\xff\xff"
		"\xe4\x37\x6e\x81\xff\xff\xff\xff\xc1\xa6\x25\x82\xff\xff\xff\xff"
		"\x30\x01\x00\x81\xff\xff\xff\xff\x02\x00\x00\x00\x00\x00\x00\x00"
		"\xda\xff\xff\xff\xff\xff\xff\xff\xc8\x29\xa7\xa3\xfd\x7f\x00\x00"
		"\xd7\x2a\xcf\x38\xd1\x7f\x00\x00\x80\x8d\x93\xe2\xc6\x55\x00\x00"
		"\x00\x0e\xa7\xa3\xfd\x7f\x00\x00\xc8\x29\xa7\xa3\xfd\x7f\x00\x00"
		"\x50\xb1\xa6\xa3\xfd\x7f\x00\x00\xd8\xb0\xa6\xa3\xfd\x7f\x00\x00"
		"\xd7\x2a\xcf\x38\xd1\x7f\x00\x00\x06\x02\x00\x00\x00\x00\x00\x00"
		"\x33\x00\x00\x00\x00\x00\x00\x00\x2b\x00\x00\x00\x00\x00\x00\x00"
		"\xb0\xb0\xa6\xa3\xfd\x7f\x00\x00\x40\xa8\x1b\x39\xd1\x7f\x00\x00"
		"\x70\xfe\xc2\x38\xd1\x7f\x00\x00\x06\x02\x00\x00\x00\x00\x00\x00"
		"\x00\x0e\xa7\xa3\xfd\x7f\x00\x00\x80\x8d\x93\xe2\xc6\x55\x00\x00"
		"\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x04\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x21\x00\x08\x05\x1e\x00\x00\x00",
		.expect = "\n"
		"0xbb0@dwarf.data [0x538]: event: 9\n"
		".\n"
		". ... raw event: size 1336 bytes\n"
		".  0000:  09 00 00 00 01 00 38 05 9a 5b 77 81 ff ff ff ff  ......8..[w.."
		"...\n"
		".  0010:  4e 2a 00 00 4e 2a 00 00 bc 0e 9c 72 50 00 00 00  N*..N*.....rP"
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 90 d0 03 00 00 00 00 00  ............."
		"...\n"
		".  0030:  08 00 00 00 00 00 00 00 80 ff ff ff ff ff ff ff  ............."
		"...\n"
		".  0040:  9a 5b 77 81 ff ff ff ff 2a 62 77 81 ff ff ff ff  .[w.....*bw.."
		"...\n"
		".  0050:  ed 0f 6e 81 ff ff ff ff 16 27 6e 81 ff ff ff ff  ..n......'n.."
		"...\n"
		".  0060:  e4 37 6e 81 ff ff ff ff c1 a6 25 82 ff ff ff ff  .7n.......%.."
		"...\n"
		".  0070:  30 01 00 81 ff ff ff ff 02 00 00 00 00 00 00 00  0............"
		"...\n"
		".  0080:  da ff ff ff ff ff ff ff c8 29 a7 a3 fd 7f 00 00  .........)..."
		"...\n"
		".  0090:  d7 2a cf 38 d1 7f 00 00 80 8d 93 e2 c6 55 00 00  .*.8........."
		"U..\n"
		".  00a0:  00 0e a7 a3 fd 7f 00 00 c8 29 a7 a3 fd 7f 00 00  .........)..."
		"...\n"
		".  00b0:  50 b1 a6 a3 fd 7f 00 00 d8 b0 a6 a3 fd 7f 00 00  P............"
		"...\n"
		".  00c0:  d7 2a cf 38 d1 7f 00 00 06 02 00 00 00 00 00 00  .*.8........."
		"...\n"
		".  00d0:  33 00 00 00 00 00 00 00 2b 00 00 00 00 00 00 00  3.......+...."
		"...\n"
		".  00e0:  b0 b0 a6 a3 fd 7f 00 00 40 a8 1b 39 d1 7f 00 00  ........@..9."
		"...\n"
		".  00f0:  70 fe c2 38 d1 7f 00 00 06 02 00 00 00 00 00 00  p..8........."
		"...\n"
		".  0100:  00 0e a7 a3 fd 7f 00 00 80 8d 93 e2 c6 55 00 00  ............."
		"U..\n"
		".  0110:  01 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0120:  00 04 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0130:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0140:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0150:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0160:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0170:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0180:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0190:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  01a0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  01b0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  01c0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  01d0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  01e0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  01f0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0200:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0210:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0220:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0230:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0240:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0250:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0260:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0270:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0280:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0290:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  02a0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  02b0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  02c0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  02d0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  02e0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  02f0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0300:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0310:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0320:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0330:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0340:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0350:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0360:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0370:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0380:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0390:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  03a0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  03b0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  03c0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  03d0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  03e0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  03f0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0400:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0410:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0420:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0430:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0440:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0450:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0460:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0470:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0480:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0490:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  04a0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  04b0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  04c0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  04d0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  04e0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  04f0:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0500:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0510:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0520:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0530:  21 00 08 05 1e 00 00 00                          !.......     "
		"   \n"
		"\n"
		"345520213692 0xbb0 [0x538]: PERF_RECORD_SAMPLE(IP, 0x1): 10830/10830: 0x"
		"ffffffff81775b9a period: 250000 addr: 0\n"
		"... FP chain: nr:8\n"
		".....  0: ffffffffffffff80\n"
		".....  1: ffffffff81775b9a\n"
		".....  2: ffffffff8177622a\n"
		".....  3: ffffffff816e0fed\n"
		".....  4: ffffffff816e2716\n"
		".....  5: ffffffff816e37e4\n"
		".....  6: ffffffff8225a6c1\n"
		".....  7: ffffffff81000130\n"
		"... user regs: mask 0xff0fff ABI 64-bit\n"
		".... AX    0xffffffffffffffda\n"
		".... BX    0x00007ffda3a729c8\n"
		".... CX    0x00007fd138cf2ad7\n"
		".... DX    0x000055c6e2938d80\n"
		".... SI    0x00007ffda3a70e00\n"
		".... DI    0x00007ffda3a729c8\n"
		".... BP    0x00007ffda3a6b150\n"
		".... SP    0x00007ffda3a6b0d8\n"
		".... IP    0x00007fd138cf2ad7\n"
		".... FLAGS 0x0000000000000206\n"
		".... CS    0x0000000000000033\n"
		".... SS    0x000000000000002b\n"
		".... R8    0x00007ffda3a6b0b0\n"
		".... R9    0x00007fd1391ba840\n"
		".... R10   0x00007fd138c2fe70\n"
		".... R11   0x0000000000000206\n"
		".... R12   0x00007ffda3a70e00\n"
		".... R13   0x000055c6e2938d80\n"
		".... R14   0x0000000000000001\n"
		".... R15   0x0000000000000001\n"
		"... ustack: size 0, offset 0x120\n"
		" . data_src: 0x1e05080021\n",
	},
	{	/* read.data: READ #0 */
		.path = "read.data", .ctx_type = 0x107, .ctx_id_all = 1,
		.sample_type = 0x107, .read_format = 0x17, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x1d38, .size = 72,
		.bytes = "\x08\x00\x00\x00\x00\x00\x48\x00\x99\x2a\x00\x00\x99\x2a\x00\x00"
		"\x47\xb5\xd6\x01\x00\x00\x00\x00\xf1\x43\xd5\x01\x00\x00\x00\x00"
		"\xf1\x43\xd5\x01\x00\x00\x00\x00\xfc\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x99\x2a\x00\x00\x99\x2a\x00\x00"
		"\x84\xc6\x76\xf0\x50\x00\x00\x00",
		.expect = "\n"
		"0x1d38@read.data [0x48]: event: 8\n"
		".\n"
		". ... raw event: size 72 bytes\n"
		".  0000:  08 00 00 00 00 00 48 00 99 2a 00 00 99 2a 00 00  ......H..*..."
		"*..\n"
		".  0010:  47 b5 d6 01 00 00 00 00 f1 43 d5 01 00 00 00 00  G........C..."
		"...\n"
		".  0020:  f1 43 d5 01 00 00 00 00 fc 00 00 00 00 00 00 00  .C..........."
		"...\n"
		".  0030:  00 00 00 00 00 00 00 00 99 2a 00 00 99 2a 00 00  .........*..."
		"*..\n"
		".  0040:  84 c6 76 f0 50 00 00 00                          ..v.P...     "
		"   \n"
		"\n"
		"347631699588 0x1d38 [0x48]: PERF_RECORD_READ: 10905 10905 cpu-clock 3084"
		"8327\n"
		"... time enabled : 30753777\n"
		"... time running : 30753777\n"
		"... id           : 252\n"
		"... lost         : 0\n",
	},
	{	/* grp.data: SAMPLE #0 */
		.path = "grp.data", .ctx_type = 0x157, .ctx_id_all = 1,
		.sample_type = 0x157, .read_format = 0x1c, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x468, .size = 104,
		.bytes = "\x09\x00\x00\x00\x01\x00\x68\x00\x9a\x5b\x77\x81\xff\xff\xff\xff"
		"\xfb\x32\x00\x00\xfb\x32\x00\x00\x30\xb7\x3d\x70\x3e\x01\x00\x00"
		"\x69\x01\x00\x00\x00\x00\x00\x00\x90\xd0\x03\x00\x00\x00\x00\x00"
		"\x02\x00\x00\x00\x00\x00\x00\x00\x12\x67\x07\x00\x00\x00\x00\x00"
		"\x69\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\xa1\x92\x07\x00\x00\x00\x00\x00\x6b\x01\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x468@grp.data [0x68]: event: 9\n"
		".\n"
		". ... raw event: size 104 bytes\n"
		".  0000:  09 00 00 00 01 00 68 00 9a 5b 77 81 ff ff ff ff  ......h..[w.."
		"...\n"
		".  0010:  fb 32 00 00 fb 32 00 00 30 b7 3d 70 3e 01 00 00  .2...2..0.=p>"
		"...\n"
		".  0020:  69 01 00 00 00 00 00 00 90 d0 03 00 00 00 00 00  i............"
		"...\n"
		".  0030:  02 00 00 00 00 00 00 00 12 67 07 00 00 00 00 00  .........g..."
		"...\n"
		".  0040:  69 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00  i............"
		"...\n"
		".  0050:  a1 92 07 00 00 00 00 00 6b 01 00 00 00 00 00 00  ........k...."
		"...\n"
		".  0060:  00 00 00 00 00 00 00 00                          ........     "
		"   \n"
		"\n"
		"1367682692912 0x468 [0x68]: PERF_RECORD_SAMPLE(IP, 0x1): 13051/13051: 0x"
		"ffffffff81775b9a period: 250000 addr: 0\n"
		"... sample_read:\n"
		".... group nr 2\n"
		"..... id 0000000000000169, value 0000000000076712, lost 0\n"
		"..... id 000000000000016b, value 00000000000792a1, lost 0\n",
	},
	{	/* lost.data: LOST #0 */
		.path = "lost.data", .ctx_type = 0x1c7, .ctx_id_all = 1,
		.sample_type = 0x1c7, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0xec68, .size = 56,
		.bytes = "\x02\x00\x00\x00\x00\x00\x38\x00\x4a\x01\x00\x00\x00\x00\x00\x00"
		"\x65\x03\x00\x00\x00\x00\x00\x00\xaf\x2c\x00\x00\xaf\x2c\x00\x00"
		"\xca\x06\x87\xf7\x36\x01\x00\x00\x4a\x01\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xec68@lost.data [0x38]: event: 2\n"
		".\n"
		". ... raw event: size 56 bytes\n"
		".  0000:  02 00 00 00 00 00 38 00 4a 01 00 00 00 00 00 00  ......8.J...."
		"...\n"
		".  0010:  65 03 00 00 00 00 00 00 af 2c 00 00 af 2c 00 00  e........,..."
		",..\n"
		".  0020:  ca 06 87 f7 36 01 00 00 4a 01 00 00 00 00 00 00  ....6...J...."
		"...\n"
		".  0030:  00 00 00 00 00 00 00 00                          ........     "
		"   \n"
		"\n"
		"0 1335592683210 0xec68 [0x38]: PERF_RECORD_LOST: id:330: lost:869\n",
	},
	{	/* lost.data: LOST_SAMPLES #0 */
		.path = "lost.data", .ctx_type = 0x1c7, .ctx_id_all = 1,
		.sample_type = 0x1c7, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x13c500, .size = 48,
		.bytes = "\x0d\x00\x00\x00\x00\x00\x30\x00\xaf\x26\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x4a\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x13c500@lost.data [0x30]: event: 13\n"
		".\n"
		". ... raw event: size 48 bytes\n"
		".  0000:  0d 00 00 00 00 00 30 00 af 26 00 00 00 00 00 00  ......0..&..."
		"...\n"
		".  0010:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0020:  4a 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00  J............"
		"...\n"
		"\n"
		"0 0 0x13c500 [0x30]: PERF_RECORD_LOST_SAMPLES: id:330: lost samples :990"
		"3\n",
	},
	{	/* sw.data: SWITCH_CPU_WIDE #0 */
		.path = "sw.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10087, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "dummy:HG", .offset = 0xbff8, .size = 48,
		.bytes = "\x0f\x00\x00\x00\x00\x60\x30\x00\x0f\x00\x00\x00\x0f\x00\x00\x00"
		"\xd5\x32\x00\x00\xd5\x32\x00\x00\xfd\x77\x1e\x24\x3e\x01\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x5f\x01\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xbff8@sw.data [0x30]: event: 15\n"
		".\n"
		". ... raw event: size 48 bytes\n"
		".  0000:  0f 00 00 00 00 60 30 00 0f 00 00 00 0f 00 00 00  .....`0......"
		"...\n"
		".  0010:  d5 32 00 00 d5 32 00 00 fd 77 1e 24 3e 01 00 00  .2...2...w.$>"
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 5f 01 00 00 00 00 00 00  ........_...."
		"...\n"
		"\n"
		"0 1366405576701 0xbff8 [0x30]: PERF_RECORD_SWITCH_CPU_WIDE OUT preempt  "
		"next pid/tid:    15/15   \n",
	},
	{	/* sw.data: SWITCH_CPU_WIDE #1 */
		.path = "sw.data", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10087, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "dummy:HG", .offset = 0xe078, .size = 48,
		.bytes = "\x0f\x00\x00\x00\x00\x60\x30\x00\x0c\x00\x00\x00\x0c\x00\x00\x00"
		"\xc5\x32\x00\x00\xc5\x32\x00\x00\x91\x85\x1e\x24\x3e\x01\x00\x00"
		"\x01\x00\x00\x00\x00\x00\x00\x00\x60\x01\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xe078@sw.data [0x30]: event: 15\n"
		".\n"
		". ... raw event: size 48 bytes\n"
		".  0000:  0f 00 00 00 00 60 30 00 0c 00 00 00 0c 00 00 00  .....`0......"
		"...\n"
		".  0010:  c5 32 00 00 c5 32 00 00 91 85 1e 24 3e 01 00 00  .2...2.....$>"
		"...\n"
		".  0020:  01 00 00 00 00 00 00 00 60 01 00 00 00 00 00 00  ........`...."
		"...\n"
		"\n"
		"1 1366405580177 0xe078 [0x30]: PERF_RECORD_SWITCH_CPU_WIDE OUT preempt  "
		"next pid/tid:    12/12   \n",
	},
	{	/* stat.data: STAT_CONFIG #0 */
		.path = "stat.data", .ctx_type = 0x10000, .ctx_id_all = 0,
		.sample_type = 0x10000, .read_format = 0x3, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "task-clock", .offset = 0x5a0, .size = 64,
		.bytes = "\x4b\x00\x00\x00\x00\x00\x40\x00\x03\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x02\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x5a0@stat.data [0x40]: event: 75\n"
		".\n"
		". ... raw event: size 64 bytes\n"
		".  0000:  4b 00 00 00 00 00 40 00 03 00 00 00 00 00 00 00  K.....@......"
		"...\n"
		".  0010:  00 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0020:  01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  02 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"-1 -1 0x5a0 [0x40]: PERF_RECORD_STAT_CONFIG\n"
		"... aggr_mode 1\n"
		"... scale     1\n"
		"... interval  0\n"
		": unhandled!\n",
	},
	{	/* stat.data: STAT #0 */
		.path = "stat.data", .ctx_type = 0x10000, .ctx_id_all = 0,
		.sample_type = 0x10000, .read_format = 0x3, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "task-clock", .offset = 0x5e0, .size = 48,
		.bytes = "\x4c\x00\x00\x00\x00\x00\x30\x00\x3d\x01\x00\x00\x00\x00\x00\x00"
		"\xff\xff\xff\xff\x00\x00\x00\x00\xa4\x14\x69\x00\x00\x00\x00\x00"
		"\xa4\x14\x69\x00\x00\x00\x00\x00\xa4\x14\x69\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x5e0@stat.data [0x30]: event: 76\n"
		".\n"
		". ... raw event: size 48 bytes\n"
		".  0000:  4c 00 00 00 00 00 30 00 3d 01 00 00 00 00 00 00  L.....0.=...."
		"...\n"
		".  0010:  ff ff ff ff 00 00 00 00 a4 14 69 00 00 00 00 00  ..........i.."
		"...\n"
		".  0020:  a4 14 69 00 00 00 00 00 a4 14 69 00 00 00 00 00  ..i.......i.."
		"...\n"
		"\n"
		"-1 -1 0x5e0 [0x30]: PERF_RECORD_STAT\n"
		"... id 317, cpu -1, thread 0\n"
		"... value 6886564, enabled 6886564, running 6886564\n"
		": unhandled!\n",
	},
	{	/* stat.data: STAT_ROUND #0 */
		.path = "stat.data", .ctx_type = 0x10000, .ctx_id_all = 0,
		.sample_type = 0x10000, .read_format = 0x3, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "task-clock", .offset = 0x6e0, .size = 24,
		.bytes = "\x4d\x00\x00\x00\x00\x00\x18\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x88\x3e\xe8\x06\x00\x00\x00\x00",
		.expect = "\n"
		"0x6e0@stat.data [0x18]: event: 77\n"
		".\n"
		". ... raw event: size 24 bytes\n"
		".  0000:  4d 00 00 00 00 00 18 00 01 00 00 00 00 00 00 00  M............"
		"...\n"
		".  0010:  88 3e e8 06 00 00 00 00                          .>......     "
		"   \n"
		"\n"
		"-1 -1 0x6e0 [0x18]: PERF_RECORD_STAT_ROUND\n"
		"... time 115883656, type FINAL\n"
		": unhandled!\n",
	},
	{	/* stat.data: CPU_MAP #0 */
		.path = "stat.data", .ctx_type = 0x10000, .ctx_id_all = 0,
		.sample_type = 0x10000, .read_format = 0x3, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "task-clock", .offset = 0x590, .size = 16,
		.bytes = "\x4a\x00\x00\x00\x00\x00\x10\x00\x00\x00\x01\x00\xff\xff\x00\x00",
		.expect = "\n"
		"0x590@stat.data [0x10]: event: 74\n"
		".\n"
		". ... raw event: size 16 bytes\n"
		".  0000:  4a 00 00 00 00 00 10 00 00 00 01 00 ff ff 00 00  J............"
		"...\n"
		"\n"
		"-1 -1 0x590 [0x10]: PERF_RECORD_CPU_MAP: -1\n"
		": unhandled!\n",
	},
	{	/* bid.data: MMAP2 #0 */
		.path = "bid.data", .ctx_type = 0x107, .ctx_id_all = 1,
		.sample_type = 0x107, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "cpu-clock", .offset = 0x158, .size = 112,
		.bytes = "\x0a\x00\x00\x00\x01\x40\x70\x00\xff\xff\xff\xff\x00\x00\x00\x00"
		"\x00\x00\x00\x81\xff\xff\xff\xff\x48\x6f\x27\x01\x00\x00\x00\x00"
		"\x00\x00\x00\x81\xff\xff\xff\xff\x14\x00\x00\x00\x85\xc7\xe4\xe2"
		"\xed\x76\xf4\x41\x7e\x8a\xaa\xd7\xc6\xb0\x40\xd2\xbb\x89\x7a\x26"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x5b\x6b\x65\x72\x6e\x65\x6c\x2e"
		"\x6b\x61\x6c\x6c\x73\x79\x6d\x73\x5d\x5f\x74\x65\x78\x74\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x158@bid.data [0x70]: event: 10\n"
		".\n"
		". ... raw event: size 112 bytes\n"
		".  0000:  0a 00 00 00 01 40 70 00 ff ff ff ff 00 00 00 00  .....@p......"
		"...\n"
		".  0010:  00 00 00 81 ff ff ff ff 48 6f 27 01 00 00 00 00  ........Ho'.."
		"...\n"
		".  0020:  00 00 00 81 ff ff ff ff 14 00 00 00 85 c7 e4 e2  ............."
		"...\n"
		".  0030:  ed 76 f4 41 7e 8a aa d7 c6 b0 40 d2 bb 89 7a 26  .v.A~.....@.."
		".z&\n"
		".  0040:  00 00 00 00 00 00 00 00 5b 6b 65 72 6e 65 6c 2e  ........[kern"
		"el.\n"
		".  0050:  6b 61 6c 6c 73 79 6d 73 5d 5f 74 65 78 74 00 00  kallsyms]_tex"
		"t..\n"
		".  0060:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0x158 [0x70]: PERF_RECORD_MMAP2 -1/0: [0xffffffff81000000(0x1276f48) @"
		" 0xffffffff81000000 <85c7e4e2ed76f4417e8aaad7c6b040d2bb897a26>]: ---p [k"
		"ernel.kallsyms]_text\n",
	},
	{	/* pipe.data: ATTR #0 */
		.path = "pipe", .ctx_type = 0x10187, .ctx_id_all = 0,
		.sample_type = 0x10087, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "dummy:HG", .offset = 0x0, .size = 152,
		.bytes = "\x40\x00\x00\x00\x00\x00\x98\x00\x01\x00\x00\x00\x80\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\xa0\x0f\x00\x00\x00\x00\x00\x00"
		"\x87\x01\x01\x00\x00\x00\x00\x00\x14\x00\x00\x00\x00\x00\x00\x00"
		"\x03\x04\x14\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x54\x00\x00\x00\x00\x00\x00\x00"
		"\x55\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0@pipe [0x98]: event: 64\n"
		".\n"
		". ... raw event: size 152 bytes\n"
		".  0000:  40 00 00 00 00 00 98 00 01 00 00 00 80 00 00 00  @............"
		"...\n"
		".  0010:  00 00 00 00 00 00 00 00 a0 0f 00 00 00 00 00 00  ............."
		"...\n"
		".  0020:  87 01 01 00 00 00 00 00 14 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  03 04 14 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0040:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0050:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0060:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0070:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0080:  00 00 00 00 00 00 00 00 54 00 00 00 00 00 00 00  ........T...."
		"...\n"
		".  0090:  55 00 00 00 00 00 00 00                          U.......     "
		"   \n"
		"\n"
		"-1 -1 0 [0x98]: PERF_RECORD_ATTR",
	},
	{	/* pipe.data: ATTR #1 */
		.path = "pipe", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10087, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "dummy:HG", .offset = 0x98, .size = 152,
		.bytes = "\x40\x00\x00\x00\x00\x00\x98\x00\x01\x00\x00\x00\x80\x00\x00\x00"
		"\x09\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00"
		"\x87\x00\x01\x00\x00\x00\x00\x00\x14\x00\x00\x00\x00\x00\x00\x00"
		"\x02\x23\x84\x61\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x56\x00\x00\x00\x00\x00\x00\x00"
		"\x57\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x98@pipe [0x98]: event: 64\n"
		".\n"
		". ... raw event: size 152 bytes\n"
		".  0000:  40 00 00 00 00 00 98 00 01 00 00 00 80 00 00 00  @............"
		"...\n"
		".  0010:  09 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0020:  87 00 01 00 00 00 00 00 14 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  02 23 84 61 00 00 00 00 00 00 00 00 00 00 00 00  .#.a........."
		"...\n"
		".  0040:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0050:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0060:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0070:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0080:  00 00 00 00 00 00 00 00 56 00 00 00 00 00 00 00  ........V...."
		"...\n"
		".  0090:  57 00 00 00 00 00 00 00                          W.......     "
		"   \n"
		"\n"
		"0 0 0x98 [0x98]: PERF_RECORD_ATTR",
	},
	{	/* pipe.data: FEATURE #0 */
		.path = "pipe", .ctx_type = 0x10187, .ctx_id_all = 1,
		.sample_type = 0x10087, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "dummy:HG", .offset = 0x130, .size = 84,
		.bytes = "\x50\x00\x00\x00\x00\x00\x54\x00\x03\x00\x00\x00\x00\x00\x00\x00"
		"\x40\x00\x00\x00\x76\x6d\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00",
		.expect = "\n"
		"0x130@pipe [0x54]: event: 80\n"
		".\n"
		". ... raw event: size 84 bytes\n"
		".  0000:  50 00 00 00 00 00 54 00 03 00 00 00 00 00 00 00  P.....T......"
		"...\n"
		".  0010:  40 00 00 00 76 6d 00 00 00 00 00 00 00 00 00 00  @...vm......."
		"...\n"
		".  0020:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0030:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0040:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		".  0050:  00 00 00 00                                      ....         "
		"   \n"
		"\n"
		"0 0 0x130 [0x54]: PERF_RECORD_FEATURE",
	},
	{	/* tp.data: TRACING_DATA #0 */
		.path = "pipe", .ctx_type = 0x10587, .ctx_id_all = 1,
		.sample_type = 0x10587, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "sched:sched_switch", .offset = 0xbd4, .size = 16,
		.bytes = "\x42\x00\x00\x00\x00\x00\x10\x00\xb0\x18\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0xbd4@pipe [0x10]: event: 66\n"
		".\n"
		". ... raw event: size 16 bytes\n"
		".  0000:  42 00 00 00 00 00 10 00 b0 18 00 00 00 00 00 00  B............"
		"...\n"
		"\n"
		"0 0 0xbd4 [0x10]: PERF_RECORD_TRACING_DATA",
	},
	{	/* tp.data: EVENT_UPDATE #0 */
		.path = "pipe", .ctx_type = 0x10587, .ctx_id_all = 1,
		.sample_type = 0x10587, .read_format = 0x14, .regs_user = 0x0, .regs_intr = 0x0,
		.name = "sched:sched_switch", .offset = 0x2584, .size = 64,
		.bytes = "\x4e\x00\x00\x00\x00\x00\x40\x00\x02\x00\x00\x00\x00\x00\x00\x00"
		"\xc7\x01\x00\x00\x00\x00\x00\x00\x73\x63\x68\x65\x64\x3a\x73\x63"
		"\x68\x65\x64\x5f\x73\x77\x69\x74\x63\x68\x00\x00\x00\x00\x00\x00"
		"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00",
		.expect = "\n"
		"0x2584@pipe [0x40]: event: 78\n"
		".\n"
		". ... raw event: size 64 bytes\n"
		".  0000:  4e 00 00 00 00 00 40 00 02 00 00 00 00 00 00 00  N.....@......"
		"...\n"
		".  0010:  c7 01 00 00 00 00 00 00 73 63 68 65 64 3a 73 63  ........sched"
		":sc\n"
		".  0020:  68 65 64 5f 73 77 69 74 63 68 00 00 00 00 00 00  hed_switch..."
		"...\n"
		".  0030:  00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  ............."
		"...\n"
		"\n"
		"0 0 0x2584 [0x40]: PERF_RECORD_EVENT_UPDATE\n"
		"... id:    455\n"
		"... name:  sched:sched_switch\n",
	},
};

static u64 rec_buf[8192];

/* Dump one vector as the session would: aligned copy, parse, print. */
static char *dump_vec(const struct vec *v, const struct dump_ctx *ctx_in, size_t *len)
{
	union perf_event *ev = (union perf_event *)rec_buf;
	struct perf_event_attr attr;
	struct perf_sample sample;
	const struct perf_sample *sp = NULL;
	struct dump_ctx ctx = { .path = v->path, .sample_type = v->ctx_type,
				.sample_id_all = v->ctx_id_all };
	char *out = NULL;
	FILE *fp;

	if (ctx_in)
		ctx = *ctx_in;
	memcpy(rec_buf, v->bytes, v->size);
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.sample_type = v->sample_type;
	attr.read_format = v->read_format;
	attr.sample_regs_user = v->regs_user;
	attr.sample_regs_intr = v->regs_intr;
	attr.sample_id_all = v->ctx_id_all;
	if (ev->header.type == PERF_RECORD_SAMPLE) {
		if (!perf_sample__parse(ev, &attr, &sample))
			sp = &sample;
	} else if (ev->header.type < PERF_RECORD_USER_TYPE_START) {
		if (!perf_event__parse_id_sample(ev, &attr, &sample))
			sp = &sample;
	}
	fp = open_memstream(&out, len);
	dump__event(fp, &ctx, ev, v->offset,
		    ev->header.type < PERF_RECORD_USER_TYPE_START ? &attr : NULL, v->name, sp);
	fclose(fp);
	return out;
}

static void test_vectors(void)
{
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(vecs); i++) {
		const struct vec *v = &vecs[i];
		char *out = dump_vec(v, NULL, &len);
		u32 type;

		memcpy(&type, v->bytes, sizeof(type));
		is_str(out, v->expect, "%s @%#llx: %s", v->path, v->offset, perf_event__name(type));
		free(out);
	}
}

/* --disable-order: a FINISHED_ROUND is "unhandled!" */
static void test_unordered(void)
{
	size_t i, len;

	for (i = 0; i < ARRAY_SIZE(vecs); i++) {
		const struct vec *v = &vecs[i];
		struct dump_ctx ctx = { .path = v->path, .sample_type = v->ctx_type,
					.sample_id_all = v->ctx_id_all, .unordered = true };
		char *out;

		if (v->bytes[0] != PERF_RECORD_FINISHED_ROUND)
			continue;
		out = dump_vec(v, &ctx, &len);
		ok(out && strstr(out, "PERF_RECORD_FINISHED_ROUND: unhandled!\n") &&
		   !strstr(out, "ROUND\n"), "unordered: FINISHED_ROUND: unhandled!");
		free(out);
		return;
	}
}

static void hook(FILE *fp, const struct dump_ctx *ctx, const union perf_event *ev,
		 const struct perf_sample *s, void *arg)
{
	(*(int *)arg)++;
	fprintf(fp, " ... thread: %s:%u\n ...... dso: [kernel.kallsyms]\n", "make", s->tid);
}

static void test_hook(void)
{
	const struct vec *v = NULL;
	struct dump_ctx ctx;
	int calls = 0;
	size_t i, len;
	char *out;

	for (i = 0; i < ARRAY_SIZE(vecs) && !v; i++)
		if (!strcmp(vecs[i].path, "sys.data") && strstr(vecs[i].expect, "RECORD_SAMPLE"))
			v = &vecs[i];
	ctx = (struct dump_ctx){ .path = v->path, .sample_type = v->ctx_type,
				 .sample_id_all = true, .sample_hook = hook, .hook_arg = &calls };
	out = dump_vec(v, &ctx, &len);
	is_int(calls, 1, "sample hook called once per sample");
	/* observed: "...addr: 0\n ... thread: make:9175\n ...... dso: [kernel.kallsyms]\n" */
	if (!ok(strstr(out, "addr: 0\n ... thread: make:9175\n ...... dso: [kernel.kallsyms]\n"),
		"hook lines follow the sample line"))
		diag("%s", out);
	free(out);
}

static void test_stats(void)
{
	u64 nr[PERF_RECORD_HEADER_MAX] = { 0 };
	char *out = NULL;
	size_t len;
	FILE *fp;

	/* perf report -D -i sys.data (perf 6.1.192 here), the end of the dump */
	nr[PERF_RECORD_MMAP] = 1;
	nr[PERF_RECORD_COMM] = 131;
	nr[PERF_RECORD_EXIT] = 34;
	nr[PERF_RECORD_FORK] = 132;
	nr[PERF_RECORD_SAMPLE] = 7922;
	nr[PERF_RECORD_MMAP2] = 409;
	nr[PERF_RECORD_KSYMBOL] = 26;
	nr[PERF_RECORD_BPF_EVENT] = 16;
	nr[PERF_RECORD_FINISHED_ROUND] = 3;
	nr[PERF_RECORD_ID_INDEX] = 1;
	nr[PERF_RECORD_THREAD_MAP] = 1;
	nr[PERF_RECORD_CPU_MAP] = 1;
	nr[PERF_RECORD_EVENT_UPDATE] = 2;
	nr[PERF_RECORD_FINISHED_INIT] = 1;
	nr[0] = 8680;
	nr[40] = 5;	/* no name: never printed */
	fp = open_memstream(&out, &len);
	dump__stats(fp, nr, false);
	dump__evsel_stats(fp, "cpu-clock", 7922);
	dump__evsel_stats(fp, "dummy:HG", 0);
	fclose(fp);
	is_str(out,
	       "\nAggregated stats:\n"
	       "           TOTAL events:       8680\n"
	       "            MMAP events:          1  ( 0.0%)\n"
	       "            COMM events:        131  ( 1.5%)\n"
	       "            EXIT events:         34  ( 0.4%)\n"
	       "            FORK events:        132  ( 1.5%)\n"
	       "          SAMPLE events:       7922  (91.3%)\n"
	       "           MMAP2 events:        409  ( 4.7%)\n"
	       "         KSYMBOL events:         26  ( 0.3%)\n"
	       "       BPF_EVENT events:         16  ( 0.2%)\n"
	       "  FINISHED_ROUND events:          3  ( 0.0%)\n"
	       "        ID_INDEX events:          1  ( 0.0%)\n"
	       "      THREAD_MAP events:          1  ( 0.0%)\n"
	       "         CPU_MAP events:          1  ( 0.0%)\n"
	       "    EVENT_UPDATE events:          2  ( 0.0%)\n"
	       "   FINISHED_INIT events:          1  ( 0.0%)\n"
	       "cpu-clock stats:\n"
	       "          SAMPLE events:       7922\n",
	       "end-of-dump stats as upstream");
	free(out);

	/* pipe mode adds ATTR and FEATURE lines (perf report -D -i - < pipe.data) */
	memset(nr, 0, sizeof(nr));
	nr[0] = 21;
	nr[PERF_RECORD_HEADER_ATTR] = 2;
	nr[PERF_RECORD_HEADER_FEATURE] = 19;
	fp = open_memstream(&out, &len);
	dump__stats(fp, nr, false);
	fclose(fp);
	is_str(out, "\nAggregated stats:\n"
	       "           TOTAL events:         21\n"
	       "            ATTR events:          2  ( 9.5%)\n"
	       "         FEATURE events:         19  (90.5%)\n", "user record names in stats");
	free(out);
}

static void test_preamble(void)
{
	char *out = NULL;
	size_t len;
	FILE *fp = open_memstream(&out, &len);

	dump__preamble(fp);
	fclose(fp);
	is_str(out, "# To display the perf.data header info, please use "
	       "--header/--header-only options.\n#\n", "preamble");
	free(out);
}

/* dump__event() of one record into a string (the caller frees it) */
static char *dump_one(const struct dump_ctx *ctx, const void *rec, size_t *len)
{
	char *out = NULL;
	FILE *fp = open_memstream(&out, len);

	dump__event(fp, ctx, rec, 0x20, NULL, NULL, NULL);
	fclose(fp);
	return out;
}

/* perf script -D: the types its tool handles, and its unsorted FINISHED_ROUND */
static void test_script(void)
{
	static const u64 cpu_map[2] = { 0x001000000000004aULL, 0x0001000000000002ULL };
	static const u64 throttle[1] = { 0x0008000000000005ULL };
	static const u64 round[1] = { 0x0008000000000044ULL };
	static const char *unh = "PERF_RECORD_FINISHED_ROUND: unhandled!\n";
	struct dump_ctx ctx = { .path = "x.data", .script = true };
	size_t len;
	char *out;

	out = dump_one(&ctx, cpu_map, &len);
	ok(strstr(out, "PERF_RECORD_CPU_MAP: 0-1\n") && !strstr(out, "unhandled"),
	   "script: CPU_MAP handled");
	free(out);
	out = dump_one(&ctx, throttle, &len);
	ok(len > 20 && !strcmp(out + len - 20, "PERF_RECORD_THROTTLE"),
	   "script: THROTTLE by its name alone (no newline: the next record's ends it)");
	free(out);
	ctx.unordered = true;
	out = dump_one(&ctx, round, &len);
	ok(len > strlen(unh) && !strcmp(out + len - strlen(unh), unh),
	   "script unsorted: FINISHED_ROUND unhandled");
	free(out);
}

static void test_names(void)
{
	char buf[32];

	is_str(dump__page_size_name(0, buf, sizeof(buf)), "N/A", "page size 0");
	is_str(dump__page_size_name(4096, buf, sizeof(buf)), "4K", "page size 4K");
	is_str(dump__page_size_name(2 << 20, buf, sizeof(buf)), "2M", "page size 2M");
	/* upstream divides while size / 1024 > 1: 1 GiB prints as 1024M */
	is_str(dump__page_size_name(1 << 30, buf, sizeof(buf)), "1024M", "page size 1G");
	is_str(dump__page_size_name(1ULL << 50, buf, sizeof(buf)), "1048576G", "G is the top unit");
	is_str(dump__page_size_name(1024, buf, sizeof(buf)), "1024B", "1024 stays bytes");
	is_str(dump__reg_name(0), "AX", "reg 0");
	is_str(dump__reg_name(9), "FLAGS", "reg 9");
	is_str(dump__reg_name(23), "R15", "reg 23");
	is_str(dump__reg_name(24), "unknown", "reg 24");
	is_str(dump__reg_name(34), "XMM1", "reg 34");
	is_str(dump__reg_name(63), "unknown", "reg 63");
}

/* Records with no description or malformed ones print and never crash. */
static void test_odd_records(void)
{
	struct dump_ctx ctx = { .path = "x.data", .sample_type = PERF_SAMPLE_TIME,
				.sample_id_all = true };
	union perf_event *ev = (union perf_event *)rec_buf;
	char *out = NULL;
	size_t len;
	FILE *fp;

	memset(rec_buf, 0, 64);
	ev->header.type = PERF_RECORD_THROTTLE;
	ev->header.size = 32;
	fp = open_memstream(&out, &len);
	dump__event(fp, &ctx, ev, 0x40, NULL, NULL, NULL);
	fclose(fp);
	ok(strstr(out, "\n0 0x40 [0x20]: PERF_RECORD_THROTTLE: unhandled!\n"),
	   "throttle unhandled");
	free(out);

	ev->header.type = PERF_RECORD_KSYMBOL;
	ev->header.size = 16;	/* shorter than its fixed part */
	fp = open_memstream(&out, &len);
	dump__event(fp, &ctx, ev, 0x40, NULL, NULL, NULL);
	fclose(fp);
	ok(strstr(out, "PERF_RECORD_KSYMBOL [truncated record]\n"), "short ksymbol flagged");
	free(out);

	ev->header.type = 30;
	ev->header.size = 8;
	fp = open_memstream(&out, &len);
	dump__event(fp, &ctx, ev, 0x40, NULL, NULL, NULL);
	fclose(fp);
	ok(strstr(out, "\n0x40@x.data [0x8]: event: 30\n") &&
	   strstr(out, "0 0x40 [0x8]: PERF_RECORD_UNKNOWN"), "unknown type");
	free(out);

	ev->header.type = PERF_RECORD_SAMPLE;
	fp = open_memstream(&out, &len);
	dump__event(fp, &ctx, ev, 0, NULL, NULL, NULL);
	fclose(fp);
	ok(len > 0 && out[len - 1] == 'E', "sample of unknown evsel: name only (\"...SAMPLE\")");
	free(out);
}

/* Random records through parse + dump: no crash, no read past the record (ASan). */
static void test_garbage(void)
{
	struct dump_ctx ctx = { .path = "g.data", .sample_type = PERF_SAMPLE_TIME | PERF_SAMPLE_CPU,
				.sample_id_all = true };
	FILE *null = fopen("/dev/null", "w");
	u64 x = 88172645463325252ULL;
	int round;

	for (round = 0; round < 20000; round++) {
		struct perf_event_attr attr = { .size = sizeof(attr), .sample_id_all = 1 };
		u32 size, i;
		struct perf_sample s;
		const struct perf_sample *sp = NULL;
		union perf_event *ev;
		u8 *mem;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		size = 8 + x % 300;
		mem = malloc(size);
		for (i = 0; i < size; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			mem[i] = (round & 1) && (i % 3) ? 0 : (u8)x;
		}
		ev = (union perf_event *)mem;
		ev->header.type = round % 90;
		ev->header.size = size;
		attr.sample_type = x & (PERF_SAMPLE_MAX - 1);
		attr.read_format = (x >> 30) & (PERF_FORMAT_MAX - 1);
		attr.sample_regs_user = x >> 7;
		attr.sample_regs_intr = x >> 9;
		if (ev->header.type == PERF_RECORD_SAMPLE) {
			if (!perf_sample__parse(ev, &attr, &s))
				sp = &s;
		} else if (!perf_event__parse_id_sample(ev, &attr, &s)) {
			sp = &s;
		}
		dump__event(null, &ctx, ev, round, &attr, "x", sp);
		free(mem);
	}
	fclose(null);
	ok(1, "20000 random records dumped without a crash");
}

int main(void)
{
	test_vectors();
	test_unordered();
	test_hook();
	test_stats();
	test_preamble();
	test_script();
	test_names();
	test_odd_records();
	test_garbage();
	return done_testing();
}
