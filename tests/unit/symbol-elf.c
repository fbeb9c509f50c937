// SPDX-License-Identifier: GPL-2.0
/* util/symbol-elf.c: our own binary's symbols, by the offset they run from. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "util/symbol-elf.h"

int __attribute__((noinline)) symbol_elf_test_marker(int x);
int __attribute__((noinline)) symbol_elf_test_marker(int x)
{
	return x * 3 + 1;
}

/* the mapping of our executable holding addr: start and file offset */
static int find_mapping(u64 addr, u64 *start, u64 *pgoff, char *path, size_t size)
{
	FILE *fp = fopen("/proc/self/maps", "r");
	char line[1024];

	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		unsigned long long s, e, off;
		char file[512] = "";

		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %511s", &s, &e, &off, file) < 3)
			continue;
		if (addr >= s && addr < e) {
			*start = s;
			*pgoff = off;
			snprintf(path, size, "%s", file);
			fclose(fp);
			return 0;
		}
	}
	fclose(fp);
	return -1;
}

int main(void)
{
	u64 addr = (u64)(uintptr_t)&symbol_elf_test_marker, start, pgoff;
	struct symbols s;
	struct symbol *f;
	bool symtab;
	char path[512];
	u8 id[20];

	if (find_mapping(addr, &start, &pgoff, path, sizeof(path)))
		skip_all("cannot read /proc/self/maps");
	symbols__init(&s);
	is_int(symbol_elf__load(path, NULL, &s, &symtab), 0, "load our own binary");
	symbols__fixup(&s);
	ok(s.nr > 10, "it has symbols (%zu)", s.nr);
	f = symbols__find(&s, addr - start + pgoff + 1);
	is_str(f ? f->name : NULL, "symbol_elf_test_marker", "a function found by its file offset");
	ok(symtab, "from a .symtab");
	symbols__exit(&s);
	ok(symbol_elf__build_id(path, id, sizeof(id)) > 0, "build id");
	ok(symbol_elf__load("/nonexistent", NULL, &s, &symtab) < 0, "missing file: an error");
	is_int(symbol_elf__load("/proc/self/status", NULL, &s, &symtab), -22, "not ELF: -EINVAL");
	symbols__init(&s);
	if (symbol_elf__load_vdso(&s) == 0) {
		symbols__fixup(&s);
		ok(s.nr > 0, "our vdso has symbols");
	} else {
		ok(1, "no vdso here # SKIP");
	}
	symbols__exit(&s);
	return symbol_elf_test_marker(0) == 1 ? done_testing() : 1;
}
