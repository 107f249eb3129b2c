#define _GNU_SOURCE
#include "CXml.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libxml2's options (parser.h's xmlParserOption): no error or warning printed, no network. */
#define CXML_PARSE_NOERROR (1 << 5)
#define CXML_PARSE_NOWARNING (1 << 6)
#define CXML_PARSE_NONET (1 << 11)

typedef void (*cxml_error_func)(void *arg, const char *message, int severity, void *locator);

/* The libxml2 functions this file calls, found with dlsym. Written once under the lock;
   read only after cxml_load returned 0. */
typedef struct cxml_api {
    void (*init_parser)(void);
    void *(*reader_for_memory)(const char *, int, const char *, const char *, int);
    int (*read)(void *);
    int (*node_type)(void *);
    int (*is_empty)(void *);
    const unsigned char *(*local_name)(void *);
    const unsigned char *(*namespace_uri)(void *);
    const unsigned char *(*value)(void *);
    unsigned char *(*get_attribute)(void *, const unsigned char *);
    void (*set_error_handler)(void *, cxml_error_func, void *);
    int (*locator_line)(void *);
    void (*free_reader)(void *);
    void (**free)(void *);
} cxml_api;

static pthread_mutex_t cxml_lock = PTHREAD_MUTEX_INITIALIZER;
static cxml_api cxml;
static int cxml_loaded = 0;

struct cxml_reader {
    void *reader;
    char error[512];
    int error_line;
};

#define CXML_FIND(field, name)                                                                                         \
    do {                                                                                                               \
        *(void **)&api.field = dlsym(library, name);                                                                   \
        if (!api.field) {                                                                                              \
            snprintf(error, error_size, "libxml2 lacks %s, which this app needs", name);                             \
            dlclose(library);                                                                                          \
            return -1;                                                                                                 \
        }                                                                                                              \
    } while (0)

/* Called with the lock held. */
static int cxml_start(char *error, size_t error_size) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        if (!why) why = "unknown error";
        snprintf(error, error_size, "cannot load libxml2: %s%s", why,
                 strstr(why, "No such file") ? " (install libxml2)" : "");
        return -1;
    }
    cxml_api api;
    CXML_FIND(init_parser, "xmlInitParser");
    CXML_FIND(reader_for_memory, "xmlReaderForMemory");
    CXML_FIND(read, "xmlTextReaderRead");
    CXML_FIND(node_type, "xmlTextReaderNodeType");
    CXML_FIND(is_empty, "xmlTextReaderIsEmptyElement");
    CXML_FIND(local_name, "xmlTextReaderConstLocalName");
    CXML_FIND(namespace_uri, "xmlTextReaderConstNamespaceUri");
    CXML_FIND(value, "xmlTextReaderConstValue");
    CXML_FIND(get_attribute, "xmlTextReaderGetAttribute");
    CXML_FIND(set_error_handler, "xmlTextReaderSetErrorHandler");
    CXML_FIND(locator_line, "xmlTextReaderLocatorLineNumber");
    CXML_FIND(free_reader, "xmlFreeTextReader");
    /* xmlFree is a variable holding the function that frees what libxml2 allocated. */
    CXML_FIND(free, "xmlFree");
    api.init_parser();
    cxml = api;
    cxml_loaded = 1;
    return 0;
}

int cxml_load(char *error, size_t error_size) {
    pthread_mutex_lock(&cxml_lock);
    int status = cxml_loaded ? 0 : cxml_start(error, error_size);
    pthread_mutex_unlock(&cxml_lock);
    return status;
}

/* Keeps the first error (the later ones follow from it); warnings are not errors. */
static void cxml_on_error(void *arg, const char *message, int severity, void *locator) {
    cxml_reader *reader = arg;
    /* xmlParserSeverities: 1 a validity warning, 2 a validity error, 3 a warning, 4 an error. */
    if ((severity != 2 && severity != 4) || reader->error[0]) return;
    snprintf(reader->error, sizeof reader->error, "%s", message ? message : "malformed XML");
    size_t length = strlen(reader->error);
    while (length > 0 && (reader->error[length - 1] == '\n' || reader->error[length - 1] == ' '))
        reader->error[--length] = 0;
    reader->error_line = locator ? cxml.locator_line(locator) : 0;
}

cxml_reader *cxml_open(const void *data, size_t length, char *error, size_t error_size) {
    if (cxml_load(error, error_size) != 0) return NULL;
    if (length > 0x7fffffff) {
        snprintf(error, error_size, "the file is larger than libxml2 reads at once");
        return NULL;
    }
    cxml_reader *reader = calloc(1, sizeof *reader);
    if (!reader) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    reader->reader = cxml.reader_for_memory(data, (int)length, NULL, NULL,
                                            CXML_PARSE_NOERROR | CXML_PARSE_NOWARNING | CXML_PARSE_NONET);
    if (!reader->reader) {
        free(reader);
        snprintf(error, error_size, "libxml2 could not start reading");
        return NULL;
    }
    cxml.set_error_handler(reader->reader, cxml_on_error, reader);
    return reader;
}

int cxml_next(cxml_reader *reader) {
    int status = cxml.read(reader->reader);
    if (status < 0 && !reader->error[0]) snprintf(reader->error, sizeof reader->error, "malformed XML");
    return status < 0 ? -1 : status;
}

int cxml_node_type(cxml_reader *reader) { return cxml.node_type(reader->reader); }

int cxml_is_empty(cxml_reader *reader) { return cxml.is_empty(reader->reader) == 1; }

static const char *cxml_text(const unsigned char *text) { return text ? (const char *)text : ""; }

const char *cxml_local_name(cxml_reader *reader) { return cxml_text(cxml.local_name(reader->reader)); }

const char *cxml_namespace(cxml_reader *reader) { return cxml_text(cxml.namespace_uri(reader->reader)); }

const char *cxml_value(cxml_reader *reader) { return cxml_text(cxml.value(reader->reader)); }

int cxml_attribute(cxml_reader *reader, const char *name, char *out, size_t out_size) {
    unsigned char *value = cxml.get_attribute(reader->reader, (const unsigned char *)name);
    if (!value) return -1;
    size_t length = strlen((const char *)value);
    int result = -2;
    if (length < out_size) {
        memcpy(out, value, length + 1);
        result = (int)length;
    }
    (*cxml.free)(value);
    return result;
}

const char *cxml_error(cxml_reader *reader) { return reader->error; }

int cxml_error_line(cxml_reader *reader) { return reader->error_line; }

void cxml_close(cxml_reader *reader) {
    if (!reader) return;
    cxml.free_reader(reader->reader);
    free(reader);
}
