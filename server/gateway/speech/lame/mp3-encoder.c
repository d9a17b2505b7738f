/* The gateway's MP3 encoder: LAME streams of mono 16-bit PCM in, MPEG frames out. The caller
   writes samples into pcm_buffer() and reads frames from out_buffer(). */
#include <stdarg.h>
#include <stddef.h>
#include "lame.h"

#define EXPORT(name) __attribute__((export_name(#name)))
#define MAX_SAMPLES 65536
/* LAME's own bound for the frames of n samples: 1.25 n + 7200 bytes. */
#define OUT_BYTES (MAX_SAMPLES + MAX_SAMPLES / 4 + 7200)

static short pcm[MAX_SAMPLES];
static unsigned char out[OUT_BYTES];

static void quiet(const char *format, va_list args) {
  (void)format;
  (void)args;
}

EXPORT(pcm_buffer) short *pcm_buffer(void) { return pcm; }
EXPORT(out_buffer) unsigned char *out_buffer(void) { return out; }
EXPORT(max_samples) int max_samples(void) { return MAX_SAMPLES; }

/* A new stream: mono at sample_rate in and out, VBR quality vbr_quality (0 best … 9.999 smallest),
   algorithm quality (0 best … 9 fastest). NULL if LAME refuses the settings. Streams are
   independent; they share the two buffers, so each call's frames must be read before the next. */
EXPORT(open_stream) lame_t open_stream(int sample_rate, float vbr_quality, int quality) {
  lame_t gfp = lame_init();
  if (!gfp) return NULL;
  lame_set_errorf(gfp, quiet);
  lame_set_debugf(gfp, quiet);
  lame_set_msgf(gfp, quiet);
  lame_set_num_channels(gfp, 1);
  lame_set_mode(gfp, MONO);
  lame_set_in_samplerate(gfp, sample_rate);
  lame_set_out_samplerate(gfp, sample_rate);
  lame_set_bWriteVbrTag(gfp, 0);
  lame_set_write_id3tag_automatic(gfp, 0);
  lame_set_VBR(gfp, vbr_default);
  lame_set_VBR_quality(gfp, vbr_quality);
  lame_set_quality(gfp, quality);
  if (lame_init_params(gfp) < 0) {
    lame_close(gfp);
    return NULL;
  }
  return gfp;
}

/* Encodes the first n samples of pcm_buffer(): the bytes of frames written to out_buffer(), or < 0. */
EXPORT(encode) int encode(lame_t gfp, int n) {
  if (n < 0 || n > MAX_SAMPLES) return -1;
  return lame_encode_buffer(gfp, pcm, pcm, n, out, OUT_BYTES);
}

/* Ends a stream: its last frames into out_buffer(), their byte count (or < 0); the stream is freed. */
EXPORT(flush) int flush(lame_t gfp) {
  int n = lame_encode_flush(gfp, out, OUT_BYTES);
  lame_close(gfp);
  return n;
}

/* Frees a stream that will not be ended. */
EXPORT(close_stream) void close_stream(lame_t gfp) { lame_close(gfp); }
