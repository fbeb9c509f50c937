// SPDX-License-Identifier: GPL-2.0
/* util/kallsyms.c: line parsing, what is kept, a file with BPF and module lines. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "util/kallsyms.h"
#include "util/record-buildid.h"

static struct symbols ext4_syms, fat_syms;

/* ext4 and fat are wanted, at their bases; other modules are not */
static struct symbols *pick(void *arg, const char *mod, size_t len, u64 *base)
{
	int *calls = arg;

	(*calls)++;
	if (len == 4 && !memcmp(mod, "ext4", 4)) {
		*base = 0xffffffffc0100000ULL;
		return &ext4_syms;
	}
	if (len == 3 && !memcmp(mod, "fat", 3)) {
		*base = 0xffffffffc0200000ULL;
		return &fat_syms;
	}
	return NULL;
}

static int add_module(void *arg, const char *name, u64 start, u64 size)
{
	char *seen = arg;

	snprintf(seen + strlen(seen), 256 - strlen(seen), "%s %llx %llu,", name,
		 (unsigned long long)start, (unsigned long long)size);
	return 0;
}

static int stop_module(void *arg, const char *name, u64 start, u64 size)
{
	add_module(arg, name, start, size);
	*strchr(arg, ' ') = ',';
	strchr(arg, ',')[1] = '\0';
	return 7;
}

int main(void)
{
	char path[] = "/tmp/kallsyms-test.XXXXXX";
	const char *name, *mod;
	size_t nl, ml;
	struct symbols s;
	struct symbol *f;
	u64 addr;
	char type;
	int fd;
	FILE *fp;

	ok(!kallsyms__parse_line("ffffffff81000000 T _text", 24, &addr, &type, &name, &nl,
				 &mod, &ml), "parse a line");
	ok(addr == 0xffffffff81000000ULL && type == 'T' && nl == 5 && !mod, "its fields");
	ok(!kallsyms__parse_line("ffffffffc0025bb8 t bpf_prog_1_x\t[bpf]", 36, &addr, &type,
				 &name, &nl, &mod, &ml) && mod && ml == 3, "module part");
	ok(kallsyms__parse_line("zzz", 3, &addr, &type, &name, &nl, &mod, &ml), "garbage rejected");
	ok(kallsyms__parse_line("ffff T", 6, &addr, &type, &name, &nl, &mod, &ml),
	   "no name rejected");

	fd = mkstemp(path);
	fp = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!fp)
		skip_all("no temporary file");
	fprintf(fp, "ffffffff81000000 T _text\nffffffff81000100 t local_fn\n"
		"ffffffff81000200 D some_data\nffffffff81000300 W weak_fn\n"
		"ffffffffc0000000 t bpf_prog_abc_x\t[bpf]\nbroken line\n"
		"ffffffff81000400 T _etext\n");
	fclose(fp);
	symbols__init(&s);
	is_int(kallsyms__load(path, &s), 0, "load");
	symbols__fixup(&s);
	is_int(s.nr, 4, "text and weak kept; data, [bpf] and garbage not");
	f = symbols__find(&s, 0xffffffff81000250ULL);
	is_str(f ? f->name : NULL, "local_fn", "data symbols do not end a function");
	ok(!symbols__find(&s, 0xffffffffc0000010ULL) ||
	   symbols__find(&s, 0xffffffffc0000010ULL)->start != 0xffffffffc0000000ULL,
	   "BPF symbols left to KSYMBOL");
	symbols__exit(&s);

	fp = fopen(path, "a");
	if (fp) {
		fprintf(fp, "ffffffffc0100000 t ext4_fn\t[ext4]\nffffffffc0100100 T ext4_x\t[ext4]\n"
			"ffffffffc0100200 b ext4_bss\t[ext4]\nffffffffc0200000 t fat_fn\t[fat]\n"
			"ffffffffc0200100 t ext4_fn_not\t[ext4x]\n");
		fclose(fp);
	}
	symbols__init(&s);
	is_int(kallsyms__load_module(path, "ext4", 0xffffffffc0100000ULL, &s), 0, "a module");
	symbols__fixup(&s);
	is_int(s.nr, 2, "its functions only, no other module's");
	f = symbols__find(&s, 0x110);
	is_str(f ? f->name : NULL, "ext4_x", "relative to the module's start");
	symbols__exit(&s);
	{
		int calls = 0;

		symbols__init(&ext4_syms);
		symbols__init(&fat_syms);
		is_int(kallsyms__load_modules(path, pick, &calls), 0, "every module in one pass");
		ok(ext4_syms.nr == 2 && fat_syms.nr == 1 && calls >= 4,
		   "each module's functions to its table, other modules skipped");
		symbols__fixup(&fat_syms);
		f = symbols__find(&fat_syms, 0);
		is_str(f ? f->name : NULL, "fat_fn", "relative to that module's base");
		symbols__exit(&ext4_syms);
		symbols__exit(&fat_syms);
	}
	symbols__init(&s);
	is_int(kallsyms__load(path, &s), 0, "the kernel again");
	symbols__fixup(&s);
	is_int(s.nr, 4, "module symbols are not the kernel's");
	symbols__exit(&s);
	is_int(kallsyms__load("/nonexistent/kallsyms", &s), -2, "missing file: -ENOENT");

	/* a /proc/modules file: loaded modules with an address, in order */
	fp = fopen(path, "w");
	if (fp) {
		fprintf(fp, "sha512_generic 16384 0 - Live 0xffffffffa0000000\n"
			"loading 8192 0 - Loading 0x0000000000000000\n"
			"garbage\n"
			"fat 73728 1 vfat, Live 0xffffffffa0010000 (E)\n");
		fclose(fp);
	}
	{
		char seen[256] = "";

		is_int(modules__for_each(path, add_module, seen), 0, "/proc/modules");
		is_str(seen, "sha512_generic ffffffffa0000000 16384,fat ffffffffa0010000 73728,",
		       "every module with an address: name, start and size");
		seen[0] = '\0';
		is_int(modules__for_each(path, stop_module, seen), 7, "fn's non-zero value stops");
		is_str(seen, "sha512_generic,", "after the first module");
	}
	is_int(modules__for_each("/nonexistent/modules", add_module, NULL), -2,
	       "missing file: -ENOENT");
	unlink(path);

	/*
	 * The build-id cache's copy of the running kernel's kallsyms: used
	 * when it is this kernel (build id) at this boot's offset (its first
	 * function where /proc/kallsyms has it), else not.
	 */
	{
		char home[] = "/tmp/kallsyms-home.XXXXXX", dir[512], file[600], line[512], got[600];
		const char *old_home = getenv("HOME");
		u8 id[BUILD_ID_MAX], other[BUILD_ID_MAX];
		size_t len = 0, k;
		FILE *in = fopen("/proc/kallsyms", "r"), *out;
		bool live = in && !build_id__read_kernel(id, &len) && mkdtemp(home);
		int n;

		if (live && fgets(line, sizeof(line), in) && !strncmp(line, "0000000000000000", 16))
			live = false;	/* addresses hidden: nothing to compare */
		if (!live) {
			ok(1, "# SKIP no readable kallsyms or kernel build id here");
		} else {
			n = snprintf(dir, sizeof(dir), "%s/.debug", home);
			mkdir(dir, 0755);
			n += snprintf(dir + n, sizeof(dir) - n, "/[kernel.kallsyms]");
			mkdir(dir, 0755);
			n += snprintf(dir + n, sizeof(dir) - n, "/");
			for (k = 0; k < len; k++)
				n += snprintf(dir + n, sizeof(dir) - n, "%02x", id[k]);
			mkdir(dir, 0755);
			snprintf(file, sizeof(file), "%s/kallsyms", dir);
			out = fopen(file, "w");
			/* the first lines are enough to compare */
			fputs(line, out);
			for (k = 0; k < 2000 && fgets(line, sizeof(line), in); k++)
				fputs(line, out);
			fclose(out);
			setenv("HOME", home, 1);
			is_int(kallsyms__cached_copy(id, len, got, sizeof(got)), 0,
			       "this kernel's copy: used");
			is_str(got, file, "its path");
			memcpy(other, id, len);
			other[0] ^= 1;
			is_int(kallsyms__cached_copy(other, len, got, sizeof(got)), -2,
			       "another kernel's build id: not used");
			/* the same kernel at another boot offset */
			out = fopen(file, "r+");
			if (out) {
				fputc('0', out);
				fputs("123456789abcde", out);
				fclose(out);
			}
			is_int(kallsyms__cached_copy(id, len, got, sizeof(got)), -2,
			       "another boot's addresses: not used");
			unlink(file);
			is_int(kallsyms__cached_copy(id, len, got, sizeof(got)), -2,
			       "no copy: not used");

			/* the file for a recorded kernel, as upstream picks it */
			is_int(kallsyms__for_kernel(id, len, got, sizeof(got)), 0,
			       "this kernel without a copy: a file");
			is_str(got, "/proc/kallsyms", "this kernel without a copy: /proc/kallsyms");
			is_int(kallsyms__for_kernel(id, 0, got, sizeof(got)), 0,
			       "no kernel named (pipe mode): a file");
			is_str(got, "/proc/kallsyms", "no kernel named: /proc/kallsyms");
			is_int(kallsyms__for_kernel(other, len, got, sizeof(got)), -2,
			       "another kernel without a copy: none, not this kernel's");
			{
				char odir[512], ofile[600];
				int m = snprintf(odir, sizeof(odir), "%s/.debug/[kernel.kallsyms]/",
						 home);

				for (k = 0; k < len; k++)
					m += snprintf(odir + m, sizeof(odir) - m, "%02x", other[k]);
				mkdir(odir, 0755);
				snprintf(ofile, sizeof(ofile), "%s/kallsyms", odir);
				out = fopen(ofile, "w");
				if (out) {
					fputs("ffffffff81000000 T _stext\n", out);
					fclose(out);
				}
				is_int(kallsyms__for_kernel(other, len, got, sizeof(got)), 0,
				       "another kernel with its copy cached: a file");
				is_str(got, ofile, "another kernel: its cached copy");
				unlink(ofile);
				rmdir(odir);
			}
			rmdir(dir);
			*strrchr(dir, '/') = '\0';
			rmdir(dir);
			*strrchr(dir, '/') = '\0';
			rmdir(dir);
			rmdir(home);
			if (old_home)
				setenv("HOME", old_home, 1);
		}
		if (in)
			fclose(in);
	}
	return done_testing();
}
