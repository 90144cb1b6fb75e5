/*
 * A stand-in for Windows' bcryptprimitives.dll, for running Go programs
 * under Debian 12's Wine (8.0), which lacks it: Go's Windows runtime loads
 * it at start for ProcessPrng. The test machine builds it with MinGW and
 * puts it in the Wine prefix; real Windows has the real one.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length); /* RtlGenRandom, advapi32 */

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x10000000 ? 0x10000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
