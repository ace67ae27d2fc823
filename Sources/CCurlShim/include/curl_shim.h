// libcurl loaded at run time: `dlopen` on first use, never linked, so programs that never
// talk HTTP (`checkout validate`) do not pay for libcurl and its ~30 libraries at start-up.
// `curl_easy_setopt` is variadic: Swift calls the typed wrappers below instead.
#ifndef CURL_SHIM_H
#define CURL_SHIM_H

#include <stddef.h>
#include <stdint.h>

// Option, info and error numbers from curl/curl.h. They are part of libcurl's stable ABI
// (libcurl.so.4): a number, once given, never changes meaning.
// CURLOPTTYPE_LONG 0, CURLOPTTYPE_OBJECTPOINT 10000, CURLOPTTYPE_FUNCTIONPOINT 20000,
// CURLOPTTYPE_OFF_T 30000.
#define CS_OPT_WRITEDATA 10001  // CURLOPT_WRITEDATA (CURLOPTTYPE_CBPOINT + 1)
#define CS_OPT_URL 10002  // CURLOPT_URL
#define CS_OPT_WRITEFUNCTION 20011  // CURLOPT_WRITEFUNCTION
#define CS_OPT_HTTPHEADER 10023  // CURLOPT_HTTPHEADER
#define CS_OPT_HEADERDATA 10029  // CURLOPT_HEADERDATA
#define CS_OPT_CUSTOMREQUEST 10036  // CURLOPT_CUSTOMREQUEST
#define CS_OPT_NOPROGRESS 43  // CURLOPT_NOPROGRESS
#define CS_OPT_NOBODY 44  // CURLOPT_NOBODY
#define CS_OPT_POST 47  // CURLOPT_POST
#define CS_OPT_XFERINFODATA 10057  // CURLOPT_XFERINFODATA (= CURLOPT_PROGRESSDATA)
#define CS_OPT_CAINFO 10065  // CURLOPT_CAINFO
#define CS_OPT_HEADERFUNCTION 20079  // CURLOPT_HEADERFUNCTION
#define CS_OPT_HTTPGET 80  // CURLOPT_HTTPGET
#define CS_OPT_NOSIGNAL 99  // CURLOPT_NOSIGNAL
#define CS_OPT_TIMEOUT_MS 155  // CURLOPT_TIMEOUT_MS
#define CS_OPT_CONNECTTIMEOUT_MS 156  // CURLOPT_CONNECTTIMEOUT_MS
#define CS_OPT_PROTOCOLS 181  // CURLOPT_PROTOCOLS (bitmask; CURLPROTO_HTTP 1, CURLPROTO_HTTPS 2)
#define CS_OPT_POSTFIELDSIZE_LARGE 30120  // CURLOPT_POSTFIELDSIZE_LARGE
#define CS_OPT_COPYPOSTFIELDS 10165  // CURLOPT_COPYPOSTFIELDS
#define CS_OPT_XFERINFOFUNCTION 20219  // CURLOPT_XFERINFOFUNCTION

#define CS_INFO_RESPONSE_CODE 0x200002  // CURLINFO_RESPONSE_CODE (CURLINFO_LONG + 2)

#define CS_E_OK 0  // CURLE_OK
#define CS_E_ABORTED_BY_CALLBACK 42  // CURLE_ABORTED_BY_CALLBACK
#define CS_E_NOT_LOADED (-1)  // not libcurl's: libcurl could not be loaded

/// A write or header callback: `size * nmemb` bytes at `data`; returns the bytes taken.
typedef size_t (*cs_write_callback)(char *data, size_t size, size_t nmemb, void *userdata);
/// A transfer-progress callback (curl_off_t is 64-bit); non-zero aborts the transfer.
typedef int (*cs_xferinfo_callback)(void *userdata, int64_t dltotal, int64_t dlnow, int64_t ultotal, int64_t ulnow);

/// Loads libcurl ("libcurl.so.4", else "libcurl.so") and calls curl_global_init, once per
/// process (pthread_once). Returns 1 when libcurl is usable, 0 when not.
int cs_load(void);
/// Why the load failed (dlerror's text), or NULL.
const char *cs_load_error(void);
/// libcurl's version text ("libcurl/8.5.0 …"), or NULL when not loaded.
const char *cs_version(void);

/// curl_easy_init; NULL when libcurl is not loaded or out of memory.
void *cs_easy_init(void);
void cs_easy_cleanup(void *handle);
void cs_easy_reset(void *handle);
/// curl_easy_perform; CS_E_NOT_LOADED when libcurl is not loaded.
int cs_easy_perform(void *handle);
const char *cs_easy_strerror(int code);

int cs_setopt_long(void *handle, int option, long value);
int cs_setopt_ptr(void *handle, int option, const void *value);
int cs_setopt_off_t(void *handle, int option, int64_t value);
int cs_setopt_write_func(void *handle, int option, cs_write_callback function);
int cs_setopt_xferinfo_func(void *handle, int option, cs_xferinfo_callback function);
int cs_getinfo_long(void *handle, int info, long *value);

/// curl_slist_append (copies `text`); NULL on failure (the list given is then unchanged).
void *cs_slist_append(void *list, const char *text);
void cs_slist_free_all(void *list);

#endif
