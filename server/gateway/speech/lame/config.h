/* LAME's config.h for wasm32-wasi (clang, wasi-libc), written by hand in place of configure's. */
#ifndef LAME_CONFIG_H
#define LAME_CONFIG_H

#define STDC_HEADERS 1
#define HAVE_ERRNO_H 1
#define HAVE_FCNTL_H 1
#define HAVE_INTTYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_LIMITS_H 1
#define HAVE_STDLIB_H 1
#define HAVE_STRING_H 1
#define HAVE_MEMCPY 1
#define HAVE_STRCHR 1

/* Fixed-width types from <stdint.h>. */
#define HAVE_INT8_T 1
#define HAVE_INT16_T 1
#define HAVE_INT32_T 1
#define HAVE_INT64_T 1
#define HAVE_UINT8_T 1
#define HAVE_UINT16_T 1
#define HAVE_UINT32_T 1
#define HAVE_UINT64_T 1
typedef float ieee754_float32_t;
typedef double ieee754_float64_t;

#define SIZEOF_DOUBLE 8
#define SIZEOF_FLOAT 4
#define SIZEOF_INT 4
#define SIZEOF_LONG 4
#define SIZEOF_LONG_LONG 8
#define SIZEOF_SHORT 2
#define SIZEOF_UNSIGNED_INT 4
#define SIZEOF_UNSIGNED_LONG 4
#define SIZEOF_UNSIGNED_LONG_LONG 8
#define SIZEOF_UNSIGNED_SHORT 2

/* What LAME's configure sets on x86 (and wasm-media-encoders' build, configured as x86, gets):
   WebAssembly's floats are IEEE 754 little-endian, so the bit tricks hold. */
#define TAKEHIRO_IEEE754_HACK 1
#define USE_FAST_LOG 1

#define PACKAGE "lame"
#define VERSION "3.99.5"
#define PROTOTYPES 1

#endif
