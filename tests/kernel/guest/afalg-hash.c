// SPDX-License-Identifier: GPL-2.0
/*
 * Kernel-heavy workload for the QEMU guest: hash a buffer in a loop
 * through an AF_ALG socket, so the time goes to the kernel's hash code
 * (a module such as sha512_generic.ko) and the socket paths around it.
 *
 *   afalg-hash ALGORITHM SECONDS
 *
 * Prints the number of digests computed; exits 1 with the reason when the
 * kernel has no such algorithm.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>
#include <linux/if_alg.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif

int main(int argc, char **argv)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash" };
	static char buf[64 << 10];
	char digest[64];
	unsigned long n = 0;
	time_t end;
	int tfm, op;

	if (argc != 3) {
		fprintf(stderr, "usage: afalg-hash ALGORITHM SECONDS\n");
		return 2;
	}
	snprintf((char *)sa.salg_name, sizeof(sa.salg_name), "%s", argv[1]);
	memset(buf, 0x5a, sizeof(buf));
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0 || bind(tfm, (struct sockaddr *)&sa, sizeof(sa))) {
		fprintf(stderr, "afalg-hash: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	op = accept(tfm, NULL, NULL);
	if (op < 0) {
		fprintf(stderr, "afalg-hash: accept: %s\n", strerror(errno));
		return 1;
	}
	end = time(NULL) + atoi(argv[2]);
	while (time(NULL) < end) {
		if (write(op, buf, sizeof(buf)) != sizeof(buf) || read(op, digest, sizeof(digest)) <= 0) {
			fprintf(stderr, "afalg-hash: %s\n", strerror(errno));
			return 1;
		}
		n++;
	}
	printf("%lu digests\n", n);
	return 0;
}
