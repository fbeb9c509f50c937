// SPDX-License-Identifier: GPL-2.0
/* util/annotate-fuse.c: which pairs the file's CPU fuses, as upstream's browser marks them. */
#include "tap.h"
#include "util/annotate-fuse.h"

int main(void)
{
	is_int(annotate_fusion__from_cpuid("GenuineIntel,6,167,1"), ANNOTATE_FUSE_ALU,
	       "a newer Intel core: compares and ALU instructions");
	is_int(annotate_fusion__from_cpuid("GenuineIntel,6,30,5"), ANNOTATE_FUSE_CMP_TEST,
	       "Nehalem (model 0x1e): compares only");
	is_int(annotate_fusion__from_cpuid("GenuineIntel,6,23,10"), ANNOTATE_FUSE_NONE,
	       "older models: none");
	is_int(annotate_fusion__from_cpuid("AuthenticAMD,25,17,1"), ANNOTATE_FUSE_NONE,
	       "another family: none");
	is_int(annotate_fusion__from_cpuid(NULL), ANNOTATE_FUSE_NONE, "no cpuid: none");
	is_int(annotate_fusion__from_cpuid("garbage"), ANNOTATE_FUSE_NONE, "a cpuid not parsed: none");

	ok(annotate_fusion__fused(ANNOTATE_FUSE_CMP_TEST, "cmpq   $0x1,%rax", "jne    10 <f+0x10>"),
	   "cmp with jne");
	ok(annotate_fusion__fused(ANNOTATE_FUSE_CMP_TEST, "testb  $0x10,1(%rcx)", "je     4"),
	   "test with je");
	ok(!annotate_fusion__fused(ANNOTATE_FUSE_CMP_TEST, "addq   $1,%rdi", "jne    1"),
	   "add only from the newer cores");
	ok(annotate_fusion__fused(ANNOTATE_FUSE_ALU, "addq   $1,%rdi", "jne    1"),
	   "add with jne on them");
	ok(annotate_fusion__fused(ANNOTATE_FUSE_ALU, "decl   %ecx", "jg     1"), "dec with jg");
	ok(!annotate_fusion__fused(ANNOTATE_FUSE_ALU, "cmpq   $1,%rax", "jmp    1"),
	   "never with jmp");
	ok(!annotate_fusion__fused(ANNOTATE_FUSE_ALU, "cmpxchgq %rdx,(%rdi)", "jne    1"),
	   "not cmpxchg");
	ok(!annotate_fusion__fused(ANNOTATE_FUSE_ALU, "lock cmpxchgl %edx,(%rdi)", "jne    1"),
	   "nor a locked cmpxchg");
	ok(!annotate_fusion__fused(ANNOTATE_FUSE_ALU, "movq   %rax,%rbx", "jne    1"),
	   "not a move");
	ok(!annotate_fusion__fused(ANNOTATE_FUSE_NONE, "cmpq   $1,%rax", "jne    1"),
	   "nothing on a CPU that does not fuse");
	return done_testing();
}
