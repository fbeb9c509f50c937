// SPDX-License-Identifier: GPL-2.0
/*
 * The capstone calls perf makes, with the library opened on first use.
 *
 * libcapstone.so carries ~77000 relocations of its tables: linked at
 * start-up they cost every command ~10 ms and ~370 page faults (more than
 * `perf report --stats` needs to read a 70 MB file), while only annotate
 * and top disassemble.  So perf does not link it; cs_open() loads it.
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <capstone/capstone.h>

#define STR_(x)		#x
#define STR(x)		STR_(x)
#define CAPSTONE_SONAME	"libcapstone.so." STR(CS_API_MAJOR)

static struct {
	cs_err (*open)(cs_arch arch, cs_mode mode, csh *handle);
	cs_err (*close)(csh *handle);
	cs_err (*option)(csh handle, cs_opt_type type, size_t value);
	cs_insn *(*malloc)(csh handle);
	void (*free)(cs_insn *insn, size_t count);
	bool (*disasm_iter)(csh handle, const uint8_t **code, size_t *size,
			    uint64_t *address, cs_insn *insn);
} cs;
static bool cs_loaded;
static pthread_once_t cs_once = PTHREAD_ONCE_INIT;

static void capstone__load(void)
{
	void *h = dlopen(CAPSTONE_SONAME, RTLD_NOW | RTLD_LOCAL);

	if (!h)
		return;
	cs.open = dlsym(h, "cs_open");
	cs.close = dlsym(h, "cs_close");
	cs.option = dlsym(h, "cs_option");
	cs.malloc = dlsym(h, "cs_malloc");
	cs.free = dlsym(h, "cs_free");
	cs.disasm_iter = dlsym(h, "cs_disasm_iter");
	cs_loaded = cs.open && cs.close && cs.option && cs.malloc && cs.free && cs.disasm_iter;
	/* the handle stays open for the life of the process */
}

/* A missing library looks like a capstone built without x86. */
cs_err cs_open(cs_arch arch, cs_mode mode, csh *handle)
{
	pthread_once(&cs_once, capstone__load);
	if (!cs_loaded)
		return CS_ERR_ARCH;
	return cs.open(arch, mode, handle);
}

/* The others are only reached with a handle from a successful cs_open(). */
cs_err cs_close(csh *handle)
{
	return cs_loaded ? cs.close(handle) : CS_ERR_CSH;
}

cs_err cs_option(csh handle, cs_opt_type type, size_t value)
{
	return cs_loaded ? cs.option(handle, type, value) : CS_ERR_CSH;
}

cs_insn *cs_malloc(csh handle)
{
	return cs_loaded ? cs.malloc(handle) : NULL;
}

void cs_free(cs_insn *insn, size_t count)
{
	if (cs_loaded)
		cs.free(insn, count);
}

bool cs_disasm_iter(csh handle, const uint8_t **code, size_t *size, uint64_t *address,
		    cs_insn *insn)
{
	return cs_loaded && cs.disasm_iter(handle, code, size, address, insn);
}
