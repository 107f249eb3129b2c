#define _GNU_SOURCE
#include "CPostgres.h"
#include "standin.h"

/* A stand-in for a shared library: a small ELF object, written in memory at run time, that
   carries the real library's SONAME, its version definitions and one entry for each of its
   exported functions, and nothing else. Loaded before a library that needs the real one,
   it satisfies that need without loading the real library and everything under it. Each of
   its functions jumps to cpg_standin_thunk, which on the first call of any of them loads
   the real library (by its path, so the SONAME match does not find the stand-in again),
   finds the function of the same name and version there, and from then on jumps straight
   to it. A caller sees the real function with its arguments untouched: the integer and
   pointer registers, the stack, %rax (a variadic call's count of vector registers) and the
   low 128 bits of %xmm0-7. A 256- or 512-bit vector argument would lose its upper half on
   the first call; libldap has none (nor does any C API taking only scalars and pointers).

   Why (docs/postgres.md, "The stand-in for libldap"): libpq needs libldap only for
   `ldap://` service lookups, yet loading libpq loads libldap and the 11 libraries under it
   (GnuTLS among them), 2.5 ms of every start on PostgreSQL, before the connection can
   begin. With a stand-in, those libraries are loaded only by a process that looks a
   service up in LDAP, or that calls libldap through another library (libcurl, which libvips
   loads), at that call.

   Only functions are stood in for: a data object cannot be forwarded. Only libldap's own
   private companions import its data (`ldap_int_*`), and nothing app-shell loads does; a
   library that did would fail to load with the dynamic loader's own "undefined symbol"
   error. x86-64 only: the entries and the thunk are machine code. */

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__)

/* What a stand-in forwards: the first field is what the thunk reads (NULL until resolved). */
typedef struct cpg_standin cpg_standin;
typedef struct cpg_standin_entry {
    void *target;
    cpg_standin *owner;
    const char *name;
    const char *version; /* NULL: the symbol has no version of its own */
} cpg_standin_entry;

/* Never freed: its entries are reachable from code the dynamic loader may keep mapped. */
struct cpg_standin {
    char *real_path;
    void *real; /* the real library once loaded, set once (compare-and-swap) */
};

/* Limits on what a real library may have, far above libc's (about 3,000 functions and 40
   version definitions): a file beyond them is refused, not stood in for. */
enum { CPG_MAX_FUNCTIONS = 20000, CPG_MAX_VERSIONS = 256, CPG_MAX_NAME = 1024 };

/* ---- reading the real library ---- */

/* An ELF file read with pread into the heap, section by section: every later look at it is
   at this one copy, checked once, whatever happens to the file meanwhile (rewritten in
   place, truncated). */
typedef struct cpg_elf {
    int fd;
    size_t size;
    Elf64_Ehdr header;
    Elf64_Shdr *sections; /* e_shnum of them */
} cpg_elf;

/* Reads exactly `count` bytes at `offset`; 0, or -1. */
static int cpg_read_at(int fd, void *buffer, size_t count, size_t offset) {
    size_t done = 0;
    while (done < count) {
        ssize_t got = pread(fd, (char *)buffer + done, count - done, (off_t)(offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        done += (size_t)got;
    }
    return 0;
}

static void cpg_close_elf(cpg_elf *elf) {
    free(elf->sections);
    close(elf->fd);
}

/* Opens a 64-bit little-endian x86-64 shared library and reads its header and section
   table, each checked to be in the file. */
static int cpg_open_elf(const char *path, cpg_elf *elf, char *error, size_t error_size) {
    memset(elf, 0, sizeof *elf);
    elf->fd = open(path, O_RDONLY | O_CLOEXEC);
    if (elf->fd < 0) {
        snprintf(error, error_size, "cannot open %s: %s", path, strerror(errno));
        return -1;
    }
    struct stat status;
    const Elf64_Ehdr *header = &elf->header;
    if (fstat(elf->fd, &status) != 0 || !S_ISREG(status.st_mode) || status.st_size < (off_t)sizeof(Elf64_Ehdr) ||
        status.st_size > (off_t)256 * 1024 * 1024 || cpg_read_at(elf->fd, &elf->header, sizeof elf->header, 0) != 0)
        goto refused;
    elf->size = (size_t)status.st_size;
    if (memcmp(header->e_ident, ELFMAG, SELFMAG) != 0 || header->e_ident[EI_CLASS] != ELFCLASS64 ||
        header->e_ident[EI_DATA] != ELFDATA2LSB || header->e_type != ET_DYN || header->e_machine != EM_X86_64 ||
        header->e_shentsize != sizeof(Elf64_Shdr) || header->e_shnum == 0 || header->e_shoff > elf->size ||
        (elf->size - header->e_shoff) / sizeof(Elf64_Shdr) < header->e_shnum)
        goto refused;
    elf->sections = malloc(header->e_shnum * sizeof(Elf64_Shdr));
    if (!elf->sections ||
        cpg_read_at(elf->fd, elf->sections, header->e_shnum * sizeof(Elf64_Shdr), (size_t)header->e_shoff) != 0)
        goto refused;
    return 0;

refused:
    snprintf(error, error_size, "%s is not a 64-bit x86-64 shared library", path);
    cpg_close_elf(elf);
    return -1;
}

/* The index of the first section of `type`; 0 when there is none. */
static size_t cpg_section_of_type(const cpg_elf *elf, uint32_t type) {
    for (size_t index = 1; index < elf->header.e_shnum; index++)
        if (elf->sections[index].sh_type == type) return index;
    return 0;
}

/* Section `index`'s bytes, read into a malloc'd buffer with a NUL after them, their count in
   *size; NULL when there is no such section, its bytes are not in the file, it is over
   16 MB, or it cannot be read. */
static unsigned char *cpg_read_section(const cpg_elf *elf, size_t index, size_t *size) {
    if (index == 0 || index >= elf->header.e_shnum) return NULL;
    const Elf64_Shdr *section = &elf->sections[index];
    if (section->sh_type == SHT_NOBITS || section->sh_offset > elf->size ||
        section->sh_size > elf->size - section->sh_offset || section->sh_size > 16 * 1024 * 1024)
        return NULL;
    unsigned char *bytes = malloc((size_t)section->sh_size + 1);
    if (!bytes) return NULL;
    if (cpg_read_at(elf->fd, bytes, (size_t)section->sh_size, (size_t)section->sh_offset) != 0) {
        free(bytes);
        return NULL;
    }
    bytes[section->sh_size] = 0;
    *size = (size_t)section->sh_size;
    return bytes;
}

/* The NUL-terminated string at `offset` of a string table of `size` bytes, at most
   CPG_MAX_NAME long; NULL when it runs past the table or is empty. */
static const char *cpg_string(const unsigned char *strings, size_t size, uint64_t offset) {
    if (!strings || offset >= size) return NULL;
    const char *start = (const char *)strings + offset;
    size_t room = (size_t)(size - offset);
    size_t length = strnlen(start, room < CPG_MAX_NAME ? room : CPG_MAX_NAME);
    return length == 0 || length == room || length == CPG_MAX_NAME ? NULL : start;
}

/* The first DT_NEEDED name of the library at `path` that begins with `prefix`, into
   `soname`; *searches set when the library names folders of its own (DT_RPATH, DT_RUNPATH),
   where the loader would look for its needs first. */
static int cpg_read_needed(const char *path, const char *prefix, char *soname, size_t soname_size, int *searches,
                           char *error, size_t error_size) {
    cpg_elf elf;
    *searches = 0;
    if (cpg_open_elf(path, &elf, error, error_size) != 0) return -1;
    size_t dynamic_index = cpg_section_of_type(&elf, SHT_DYNAMIC), dynamic_size = 0, strings_size = 0;
    unsigned char *dynamic = cpg_read_section(&elf, dynamic_index, &dynamic_size);
    unsigned char *strings =
        dynamic ? cpg_read_section(&elf, elf.sections[dynamic_index].sh_link, &strings_size) : NULL;
    cpg_close_elf(&elf);
    if (!dynamic || !strings) {
        snprintf(error, error_size, "%s has no dynamic section", path);
        free(dynamic);
        free(strings);
        return -1;
    }
    int found = 0;
    size_t count = dynamic_size / sizeof(Elf64_Dyn);
    for (size_t index = 0; index < count; index++) {
        Elf64_Dyn entry;
        memcpy(&entry, dynamic + index * sizeof entry, sizeof entry);
        if (entry.d_tag == DT_NULL) break;
        if (entry.d_tag == DT_RPATH || entry.d_tag == DT_RUNPATH) *searches = 1;
        if (entry.d_tag != DT_NEEDED || found) continue;
        const char *name = cpg_string(strings, strings_size, entry.d_un.d_val);
        if (name && strncmp(name, prefix, strlen(prefix)) == 0 && strlen(name) < soname_size) {
            memcpy(soname, name, strlen(name) + 1);
            found = 1;
        }
    }
    free(dynamic);
    free(strings);
    if (!found) snprintf(error, error_size, "%s needs no library named %s*", path, prefix);
    return found ? 0 : -1;
}

int cpg_needed_with_prefix(const char *path, const char *prefix, char *soname, size_t soname_size, char *error,
                           size_t error_size) {
    int searches;
    return cpg_read_needed(path, prefix, soname, soname_size, &searches, error, error_size);
}

/* What a stand-in is made of, read from the real library. */
typedef struct cpg_exports {
    size_t count;
    const char **names;       /* into `strings` */
    uint16_t *versym;         /* each function's version index, hidden bit included */
    uint32_t *hash;           /* each name's GNU hash, set by cpg_sort_for_gnu_hash */
    size_t version_count;     /* definitions, the base (index 1) among them */
    uint16_t version_index[CPG_MAX_VERSIONS];
    uint16_t version_flags[CPG_MAX_VERSIONS];
    const char *version_name[CPG_MAX_VERSIONS]; /* into `strings`; by definition */
    unsigned char *strings;                     /* the library's own string table, owned */
} cpg_exports;

static void cpg_free_exports(cpg_exports *exports) {
    free(exports->names);
    free(exports->versym);
    free(exports->hash);
    free(exports->strings);
}

/* The version name a version index stands for; NULL for the base (unversioned) or none. */
static const char *cpg_version_for(const cpg_exports *exports, uint16_t versym) {
    uint16_t index = versym & 0x7fff;
    for (size_t at = 0; at < exports->version_count; at++)
        if (exports->version_index[at] == index)
            return (exports->version_flags[at] & VER_FLG_BASE) ? NULL : exports->version_name[at];
    return NULL;
}

/* Whether `symbol` is a function the library exports: defined, global or weak, visible, of
   the base version or of one the library defines (an index the loader has no entry for
   would be read past its table). */
static int cpg_is_exported_function(const cpg_exports *exports, const Elf64_Sym *symbol, uint16_t versym) {
    unsigned type = ELF64_ST_TYPE(symbol->st_info), bind = ELF64_ST_BIND(symbol->st_info);
    unsigned visibility = ELF64_ST_VISIBILITY(symbol->st_other);
    if (symbol->st_shndx == SHN_UNDEF || (type != STT_FUNC && type != STT_GNU_IFUNC) ||
        (bind != STB_GLOBAL && bind != STB_WEAK) || (visibility != STV_DEFAULT && visibility != STV_PROTECTED))
        return 0;
    uint16_t index = versym & 0x7fff;
    if (index == 1) return 1;
    for (size_t at = 0; at < exports->version_count; at++)
        if (exports->version_index[at] == index) return 1;
    return 0;
}

static int cpg_read_exports(const char *path, cpg_exports *exports, char *error, size_t error_size) {
    memset(exports, 0, sizeof *exports);
    cpg_elf elf;
    if (cpg_open_elf(path, &elf, error, error_size) != 0) return -1;
    size_t symbols_index = cpg_section_of_type(&elf, SHT_DYNSYM);
    size_t symbols_size = 0, strings_size = 0, versym_size = 0, verdef_size = 0;
    unsigned char *symbols = cpg_read_section(&elf, symbols_index, &symbols_size);
    unsigned char *strings =
        symbols ? cpg_read_section(&elf, elf.sections[symbols_index].sh_link, &strings_size) : NULL;
    unsigned char *versym = cpg_read_section(&elf, cpg_section_of_type(&elf, SHT_GNU_versym), &versym_size);
    size_t verdef_index = cpg_section_of_type(&elf, SHT_GNU_verdef);
    unsigned char *verdef = cpg_read_section(&elf, verdef_index, &verdef_size);
    const size_t definitions = verdef ? elf.sections[verdef_index].sh_info : 0;
    cpg_close_elf(&elf);
    exports->strings = strings;
    const size_t symbol_count = symbols_size / sizeof(Elf64_Sym);
    if (!symbols || !strings || symbol_count == 0 || !versym || versym_size / sizeof(uint16_t) < symbol_count ||
        !verdef) {
        snprintf(error, error_size, "%s has no versioned symbol table", path);
        goto failed;
    }
    /* The version definitions, walked by their offsets, each checked to be in the section. */
    size_t offset = 0;
    for (size_t seen = 0; seen < definitions; seen++) {
        Elf64_Verdef definition;
        Elf64_Verdaux aux;
        if (exports->version_count == CPG_MAX_VERSIONS || offset > verdef_size ||
            verdef_size - offset < sizeof definition)
            goto malformed;
        memcpy(&definition, verdef + offset, sizeof definition);
        if (definition.vd_version != VER_DEF_CURRENT || definition.vd_cnt == 0 ||
            definition.vd_aux > verdef_size - offset - sizeof aux)
            goto malformed;
        memcpy(&aux, verdef + offset + definition.vd_aux, sizeof aux);
        const char *name = cpg_string(strings, strings_size, aux.vda_name);
        if (!name) goto malformed;
        exports->version_index[exports->version_count] = definition.vd_ndx & 0x7fff;
        exports->version_flags[exports->version_count] = definition.vd_flags;
        exports->version_name[exports->version_count] = name;
        exports->version_count++;
        if (definition.vd_next == 0) break;
        offset += definition.vd_next;
    }
    /* The exported functions, counted, then listed: both passes read the same copy. */
    size_t functions = 0;
    for (size_t pass = 0; pass < 2; pass++) {
        for (size_t index = 1; index < symbol_count; index++) {
            Elf64_Sym symbol;
            uint16_t version;
            memcpy(&symbol, symbols + index * sizeof symbol, sizeof symbol);
            memcpy(&version, versym + index * sizeof version, sizeof version);
            if (!cpg_is_exported_function(exports, &symbol, version)) continue;
            const char *name = cpg_string(strings, strings_size, symbol.st_name);
            if (!name) goto malformed;
            if (pass == 0) {
                if (++functions > CPG_MAX_FUNCTIONS) goto malformed;
                continue;
            }
            exports->names[exports->count] = name;
            exports->versym[exports->count] = version;
            exports->count++;
        }
        if (pass == 1) break;
        if (functions == 0) {
            snprintf(error, error_size, "%s exports no function", path);
            goto failed;
        }
        exports->names = calloc(functions, sizeof *exports->names);
        exports->versym = calloc(functions, sizeof *exports->versym);
        if (!exports->names || !exports->versym) {
            snprintf(error, error_size, "out of memory");
            goto failed;
        }
    }
    free(symbols);
    free(versym);
    free(verdef);
    return 0;

malformed:
    snprintf(error, error_size, "%s has a malformed symbol or version table", path);
failed:
    free(symbols);
    free(versym);
    free(verdef);
    cpg_free_exports(exports);
    memset(exports, 0, sizeof *exports);
    return -1;
}

/* ---- writing the stand-in ---- */

/* The GNU hash of a symbol name (DT_GNU_HASH). */
static uint32_t cpg_gnu_hash(const char *name) {
    uint32_t hash = 5381;
    for (const unsigned char *at = (const unsigned char *)name; *at; at++) hash = hash * 33 + *at;
    return hash;
}

/* The GNU hash table's sizes for `count` symbols: buckets, and 64-bit words of its Bloom
   filter (a power of two: about 4 bits a symbol, 2 of them set). */
static size_t cpg_gnu_buckets(size_t count) { return count / 2 + 1; }
static size_t cpg_gnu_bloom_words(size_t count) {
    size_t words = 1;
    while (words * 16 < count) words *= 2;
    return words;
}

typedef struct cpg_sorted_export {
    uint32_t hash, bucket;
    uint16_t versym;
    const char *name;
} cpg_sorted_export;

static int cpg_compare_buckets(const void *left, const void *right) {
    uint32_t a = ((const cpg_sorted_export *)left)->bucket, b = ((const cpg_sorted_export *)right)->bucket;
    return a < b ? -1 : a > b;
}

/* Orders the functions by their GNU hash bucket, as DT_GNU_HASH needs its symbols, and
   keeps each name's hash for the table. */
static int cpg_sort_for_gnu_hash(cpg_exports *exports) {
    cpg_sorted_export *sorted = calloc(exports->count, sizeof *sorted);
    exports->hash = calloc(exports->count, sizeof *exports->hash);
    if (!sorted || !exports->hash) {
        free(sorted);
        return -1;
    }
    const size_t buckets = cpg_gnu_buckets(exports->count);
    for (size_t at = 0; at < exports->count; at++) {
        const uint32_t hash = cpg_gnu_hash(exports->names[at]);
        sorted[at] = (cpg_sorted_export){.hash = hash, .bucket = (uint32_t)(hash % buckets),
                                         .versym = exports->versym[at], .name = exports->names[at]};
    }
    qsort(sorted, exports->count, sizeof *sorted, cpg_compare_buckets);
    for (size_t at = 0; at < exports->count; at++) {
        exports->names[at] = sorted[at].name;
        exports->versym[at] = sorted[at].versym;
        exports->hash[at] = sorted[at].hash;
    }
    free(sorted);
    return 0;
}

#ifdef MFD_EXEC
#define CPG_MFD_EXEC MFD_EXEC
#else
#define CPG_MFD_EXEC 0x0010U /* linux/memfd.h */
#endif

/* The System V ABI's ELF hash, which version definitions carry (vd_hash). */
static uint32_t cpg_elf_hash(const char *name) {
    uint32_t hash = 0;
    for (const unsigned char *at = (const unsigned char *)name; *at; at++) {
        hash = (hash << 4) + *at;
        uint32_t high = hash & 0xf0000000u;
        if (high) hash ^= high >> 24;
        hash &= ~high;
    }
    return hash;
}

static size_t cpg_align(size_t value, size_t alignment) { return (value + alignment - 1) / alignment * alignment; }

/* Each function's code: endbr64; movabs $entry, %r10; movabs $thunk, %r11; jmp *%r11;
   padded with int3 to 32 bytes. */
enum { CPG_ENTRY_CODE = 32 };

extern void cpg_standin_thunk(void);

/* Writes into `image` (zeroed, of the size a call with NULL returns) the ELF image of a
   stand-in for `exports` (in GNU hash bucket order) named `soname`, whose function `i`
   passes `&entries[i]` to the thunk; returns its size. Layout: one read-and-execute segment
   (header, program headers, hash table, symbols, strings, versions, code) and one
   read-write page holding the dynamic section, as a linker lays a library out. */
static size_t cpg_build_image(const cpg_exports *exports, const char *soname, cpg_standin_entry *entries,
                              unsigned char *image) {
    const size_t symbols = exports->count + 1, buckets = cpg_gnu_buckets(exports->count),
                 bloom = cpg_gnu_bloom_words(exports->count), versions = exports->version_count;
    size_t string_size = 1 + strlen(soname) + 1;
    for (size_t at = 0; at < versions; at++) string_size += strlen(exports->version_name[at]) + 1;
    for (size_t at = 0; at < exports->count; at++) string_size += strlen(exports->names[at]) + 1;
    enum { PROGRAM_HEADERS = 4, DYNAMIC_ENTRIES = 10 };
    const size_t hash_at = cpg_align(sizeof(Elf64_Ehdr) + PROGRAM_HEADERS * sizeof(Elf64_Phdr), 8);
    const size_t symbols_at = cpg_align(hash_at + 16 + 8 * bloom + 4 * (buckets + exports->count), 8);
    const size_t strings_at = symbols_at + symbols * sizeof(Elf64_Sym);
    const size_t versym_at = cpg_align(strings_at + string_size, 2);
    const size_t verdef_at = cpg_align(versym_at + symbols * sizeof(uint16_t), 8);
    const size_t code_at = cpg_align(verdef_at + versions * (sizeof(Elf64_Verdef) + sizeof(Elf64_Verdaux)), 16);
    const size_t text_end = code_at + exports->count * CPG_ENTRY_CODE;
    const size_t dynamic_at = cpg_align(text_end, 4096);
    const size_t total = dynamic_at + DYNAMIC_ENTRIES * sizeof(Elf64_Dyn);
    if (!image) return total;

    Elf64_Ehdr *header = (Elf64_Ehdr *)image;
    memcpy(header->e_ident, ELFMAG, SELFMAG);
    header->e_ident[EI_CLASS] = ELFCLASS64;
    header->e_ident[EI_DATA] = ELFDATA2LSB;
    header->e_ident[EI_VERSION] = EV_CURRENT;
    header->e_ident[EI_OSABI] = ELFOSABI_SYSV;
    header->e_type = ET_DYN;
    header->e_machine = EM_X86_64;
    header->e_version = EV_CURRENT;
    header->e_phoff = sizeof(Elf64_Ehdr);
    header->e_ehsize = sizeof(Elf64_Ehdr);
    header->e_phentsize = sizeof(Elf64_Phdr);
    header->e_phnum = PROGRAM_HEADERS;
    header->e_shentsize = sizeof(Elf64_Shdr);

    Elf64_Phdr *program = (Elf64_Phdr *)(image + sizeof(Elf64_Ehdr));
    program[0] = (Elf64_Phdr){.p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_filesz = text_end, .p_memsz = text_end,
                              .p_align = 4096};
    const size_t dynamic_size = DYNAMIC_ENTRIES * sizeof(Elf64_Dyn);
    program[1] = (Elf64_Phdr){.p_type = PT_LOAD, .p_flags = PF_R | PF_W, .p_offset = dynamic_at,
                              .p_vaddr = dynamic_at, .p_paddr = dynamic_at, .p_filesz = dynamic_size,
                              .p_memsz = dynamic_size, .p_align = 4096};
    program[2] = (Elf64_Phdr){.p_type = PT_DYNAMIC, .p_flags = PF_R | PF_W, .p_offset = dynamic_at,
                              .p_vaddr = dynamic_at, .p_paddr = dynamic_at, .p_filesz = dynamic_size,
                              .p_memsz = dynamic_size, .p_align = 8};
    /* Without it the loader would make every thread's stack executable. */
    program[3] = (Elf64_Phdr){.p_type = PT_GNU_STACK, .p_flags = PF_R | PF_W, .p_align = 16};

    /* Strings: "", the SONAME, the version names, the function names. */
    char *strings = (char *)image + strings_at;
    size_t string_next = 1;
    const size_t soname_name = string_next;
    memcpy(strings + string_next, soname, strlen(soname) + 1);
    string_next += strlen(soname) + 1;
    size_t version_names[CPG_MAX_VERSIONS];
    for (size_t at = 0; at < versions; at++) {
        if (exports->version_flags[at] & VER_FLG_BASE) {
            version_names[at] = soname_name; /* the base version is named by the SONAME */
            continue;
        }
        const char *name = exports->version_name[at];
        version_names[at] = string_next;
        memcpy(strings + string_next, name, strlen(name) + 1);
        string_next += strlen(name) + 1;
    }

    /* Version definitions, one name each, in the real library's order and indices. */
    for (size_t at = 0; at < versions; at++) {
        Elf64_Verdef *definition =
            (Elf64_Verdef *)(image + verdef_at + at * (sizeof(Elf64_Verdef) + sizeof(Elf64_Verdaux)));
        const char *name = strings + version_names[at];
        *definition = (Elf64_Verdef){.vd_version = VER_DEF_CURRENT, .vd_flags = exports->version_flags[at],
                                     .vd_ndx = exports->version_index[at], .vd_cnt = 1,
                                     .vd_hash = cpg_elf_hash(name), .vd_aux = sizeof(Elf64_Verdef),
                                     .vd_next = at + 1 < versions ? sizeof(Elf64_Verdef) + sizeof(Elf64_Verdaux) : 0};
        Elf64_Verdaux *aux = (Elf64_Verdaux *)((unsigned char *)definition + sizeof(Elf64_Verdef));
        aux->vda_name = (Elf64_Word)version_names[at];
    }

    /* Symbols, their versions, the hash table and the code. Symbol 0 is the null symbol.
       The GNU hash table: its sizes, a Bloom filter that lets most lookups of other
       libraries' names pass without a string compared, the buckets, and each symbol's hash
       with the low bit set on the last of its bucket. */
    Elf64_Sym *table = (Elf64_Sym *)(image + symbols_at);
    uint16_t *versym = (uint16_t *)(image + versym_at);
    uint32_t *sizes = (uint32_t *)(image + hash_at);
    uint64_t *filter = (uint64_t *)(image + hash_at + 16);
    uint32_t *bucket = (uint32_t *)(image + hash_at + 16 + 8 * bloom), *chain = bucket + buckets;
    /* The second Bloom bit comes from the hash's high bits (lld's shift), independent of the
       bits that choose the word and the first bit. */
    enum { BLOOM_SHIFT = 26 };
    sizes[0] = (uint32_t)buckets;
    sizes[1] = 1; /* the first symbol in the table */
    sizes[2] = (uint32_t)bloom;
    sizes[3] = BLOOM_SHIFT;
    const uint64_t thunk = (uint64_t)(uintptr_t)&cpg_standin_thunk;
    for (size_t at = 0; at < exports->count; at++) {
        const size_t index = at + 1, code = code_at + at * CPG_ENTRY_CODE;
        const char *name = exports->names[at];
        memcpy(strings + string_next, name, strlen(name) + 1);
        /* Any section index but SHN_UNDEF and SHN_ABS: the loader adds the load address. */
        table[index] = (Elf64_Sym){.st_name = (Elf64_Word)string_next, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC),
                                   .st_other = STV_DEFAULT, .st_shndx = 1, .st_value = code,
                                   .st_size = CPG_ENTRY_CODE};
        string_next += strlen(name) + 1;
        versym[index] = exports->versym[at];
        const uint32_t hash = exports->hash[at], slot = hash % (uint32_t)buckets;
        filter[(hash / 64) % bloom] |= (1ull << (hash % 64)) | (1ull << ((hash >> BLOOM_SHIFT) % 64));
        if (bucket[slot] == 0) bucket[slot] = (uint32_t)index;
        const int last = at + 1 == exports->count || exports->hash[at + 1] % buckets != slot;
        chain[at] = (hash & ~1u) | (last ? 1u : 0u);

        const uint64_t entry = (uint64_t)(uintptr_t)&entries[at];
        unsigned char *out = image + code;
        memset(out, 0xcc, CPG_ENTRY_CODE);
        const unsigned char endbr64[] = {0xf3, 0x0f, 0x1e, 0xfa}, load_r10[] = {0x49, 0xba}, load_r11[] = {0x49, 0xbb},
                            jump_r11[] = {0x41, 0xff, 0xe3};
        memcpy(out, endbr64, 4);
        memcpy(out + 4, load_r10, 2);
        memcpy(out + 6, &entry, 8);
        memcpy(out + 14, load_r11, 2);
        memcpy(out + 16, &thunk, 8);
        memcpy(out + 24, jump_r11, 3);
    }

    Elf64_Dyn *dynamic = (Elf64_Dyn *)(image + dynamic_at);
    const Elf64_Dyn entries_of_dynamic[DYNAMIC_ENTRIES] = {
        {.d_tag = DT_GNU_HASH, .d_un.d_ptr = hash_at},
        {.d_tag = DT_STRTAB, .d_un.d_ptr = strings_at},
        {.d_tag = DT_SYMTAB, .d_un.d_ptr = symbols_at},
        {.d_tag = DT_STRSZ, .d_un.d_val = string_size},
        {.d_tag = DT_SYMENT, .d_un.d_val = sizeof(Elf64_Sym)},
        {.d_tag = DT_SONAME, .d_un.d_val = soname_name},
        {.d_tag = DT_VERSYM, .d_un.d_ptr = versym_at},
        {.d_tag = DT_VERDEF, .d_un.d_ptr = verdef_at},
        {.d_tag = DT_VERDEFNUM, .d_un.d_val = versions},
        {.d_tag = DT_NULL},
    };
    memcpy(dynamic, entries_of_dynamic, sizeof entries_of_dynamic);
    return total;
}

void *cpg_standin_open(const char *real_path, const char *soname, char *error, size_t error_size) {
    if (!real_path || !soname || !*soname || strlen(soname) >= CPG_MAX_NAME || strchr(soname, '/')) {
        snprintf(error, error_size, "a stand-in needs the real library's path and a SONAME without '/'");
        return NULL;
    }
    cpg_exports exports;
    if (cpg_read_exports(real_path, &exports, error, error_size) != 0) return NULL;
    if (cpg_sort_for_gnu_hash(&exports) != 0) {
        snprintf(error, error_size, "out of memory");
        cpg_free_exports(&exports);
        return NULL;
    }
    cpg_standin *standin = calloc(1, sizeof *standin);
    cpg_standin_entry *entries = calloc(exports.count, sizeof *entries);
    char *path = strdup(real_path);
    if (!standin || !entries || !path) {
        snprintf(error, error_size, "out of memory");
        goto failed;
    }
    standin->real_path = path;
    for (size_t at = 0; at < exports.count; at++)
        entries[at] = (cpg_standin_entry){.owner = standin, .name = exports.names[at],
                                          .version = cpg_version_for(&exports, exports.versym[at])};
    char label[96];
    snprintf(label, sizeof label, "app-shell stand-in for %s", soname);
    /* Executable, asked for by name where the kernel knows the flag (6.3 and later; its
       vm.memfd_noexec setting may otherwise make a memfd non-executable). Written in place
       through a shared mapping, its pages made at once (MAP_POPULATE) rather than one fault
       at a time: no copy of the image in the heap. */
    int fd = memfd_create(label, MFD_CLOEXEC | MFD_ALLOW_SEALING | CPG_MFD_EXEC);
    /* An older kernel refuses the flag (EINVAL); vm.memfd_noexec=2 refuses an executable
       memfd (EACCES), and then there is no stand-in. */
    if (fd < 0 && errno == EINVAL) fd = memfd_create(label, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    const size_t size = cpg_build_image(&exports, soname, entries, NULL);
    void *image = fd >= 0 && ftruncate(fd, (off_t)size) == 0
                      ? mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0)
                      : MAP_FAILED;
    if (image == MAP_FAILED) {
        snprintf(error, error_size, "cannot write the stand-in for %s: %s", soname, strerror(errno));
        if (fd >= 0) close(fd);
        goto failed;
    }
    cpg_build_image(&exports, soname, entries, image);
    munmap(image, size);
    /* Sealed before it is loaded: the loader maps it privately, and a page never written
       since would otherwise show whatever is later written to the memfd (through this
       descriptor or /proc/PID/fd), code included. */
    if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0) {
        snprintf(error, error_size, "cannot seal the stand-in for %s: %s", soname, strerror(errno));
        close(fd);
        goto failed;
    }
    /* The descriptor stays open for the life of the process, also when the stand-in is
       unloaded: the loader knows the object by this path, and another memfd at the same
       number would otherwise be taken for it. */
    char fd_path[64];
    snprintf(fd_path, sizeof fd_path, "/proc/self/fd/%d", fd);
    void *handle = dlopen(fd_path, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char *why = dlerror();
        snprintf(error, error_size, "cannot load the stand-in for %s: %s", soname, why ? why : "unknown error");
        close(fd);
        goto failed;
    }
    /* The names stay: the entries point into them. */
    free(exports.names);
    free(exports.versym);
    free(exports.hash);
    return handle;

failed:
    free(path);
    free(entries);
    free(standin);
    cpg_free_exports(&exports);
    return NULL;
}

/* The first call of a stand-in's function: the real library loaded (once), the function
   found, its address kept for every later call. The real library is loaded with
   RTLD_DEEPBIND, as libpq's tree is: its calls of its own functions bind within it, never
   to the stand-in's entries (which a library loaded with RTLD_GLOBAL, as libvips loads its
   modules, puts in the global scope). No lock is held across dlopen (a constructor it runs
   may call through a stand-in): two first calls may both load it, and the one that loses
   the compare-and-swap gives its reference back. A process that cannot load the real
   library then (its file gone, no file descriptor or memory left, a sandbox applied since
   the start) ends the way the dynamic loader ends a failed lazy binding: a message and
   exit status 127. */
__attribute__((visibility("hidden"), used)) void *cpg_standin_resolve(cpg_standin_entry *entry) {
    cpg_standin *standin = entry->owner;
    void *real = __atomic_load_n(&standin->real, __ATOMIC_ACQUIRE);
    if (!real && (real = dlopen(standin->real_path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND))) {
        void *expected = NULL;
        if (!__atomic_compare_exchange_n(&standin->real, &expected, real, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
            dlclose(real);
            real = expected;
        }
    }
    void *target = NULL;
    if (real) target = entry->version ? dlvsym(real, entry->name, entry->version) : dlsym(real, entry->name);
    if (!target) {
        const char *why = dlerror();
        dprintf(2, "app-shell: symbol lookup error: %s (%s, through its stand-in): %s\n", entry->name,
                standin->real_path, why ? why : "not found");
        _exit(127);
    }
    __atomic_store_n(&entry->target, target, __ATOMIC_RELEASE);
    return target;
}

/* Entered from a stand-in's function with %r10 = its entry; every argument register as the
   caller left it, the stack untouched. Resolved: jump to the real function. Else: save the
   argument registers (%rax carries a variadic call's count of vector registers), resolve,
   restore them, jump. */
__asm__(".pushsection .text\n"
        ".globl cpg_standin_thunk\n"
        ".hidden cpg_standin_thunk\n"
        ".type cpg_standin_thunk, @function\n"
        ".p2align 4\n"
        "cpg_standin_thunk:\n"
        "    .cfi_startproc\n"
        "    endbr64\n"
        "    movq (%r10), %r11\n"
        "    testq %r11, %r11\n"
        "    jz 1f\n"
        "    jmpq *%r11\n"
        "1:\n"
        "    pushq %rbp\n"
        "    .cfi_def_cfa_offset 16\n"
        "    .cfi_offset %rbp, -16\n"
        "    movq %rsp, %rbp\n"
        "    .cfi_def_cfa_register %rbp\n"
        "    subq $192, %rsp\n"
        "    movq %rdi, 0(%rsp)\n"
        "    movq %rsi, 8(%rsp)\n"
        "    movq %rdx, 16(%rsp)\n"
        "    movq %rcx, 24(%rsp)\n"
        "    movq %r8, 32(%rsp)\n"
        "    movq %r9, 40(%rsp)\n"
        "    movq %rax, 48(%rsp)\n"
        "    movaps %xmm0, 64(%rsp)\n"
        "    movaps %xmm1, 80(%rsp)\n"
        "    movaps %xmm2, 96(%rsp)\n"
        "    movaps %xmm3, 112(%rsp)\n"
        "    movaps %xmm4, 128(%rsp)\n"
        "    movaps %xmm5, 144(%rsp)\n"
        "    movaps %xmm6, 160(%rsp)\n"
        "    movaps %xmm7, 176(%rsp)\n"
        "    movq %r10, %rdi\n"
        "    call cpg_standin_resolve\n"
        "    movq %rax, %r11\n"
        "    movq 0(%rsp), %rdi\n"
        "    movq 8(%rsp), %rsi\n"
        "    movq 16(%rsp), %rdx\n"
        "    movq 24(%rsp), %rcx\n"
        "    movq 32(%rsp), %r8\n"
        "    movq 40(%rsp), %r9\n"
        "    movq 48(%rsp), %rax\n"
        "    movaps 64(%rsp), %xmm0\n"
        "    movaps 80(%rsp), %xmm1\n"
        "    movaps 96(%rsp), %xmm2\n"
        "    movaps 112(%rsp), %xmm3\n"
        "    movaps 128(%rsp), %xmm4\n"
        "    movaps 144(%rsp), %xmm5\n"
        "    movaps 160(%rsp), %xmm6\n"
        "    movaps 176(%rsp), %xmm7\n"
        "    leave\n"
        "    .cfi_def_cfa %rsp, 8\n"
        "    .cfi_restore %rbp\n"
        "    jmpq *%r11\n"
        "    .cfi_endproc\n"
        ".size cpg_standin_thunk, .-cpg_standin_thunk\n"
        ".popsection\n");

/* ---- libpq's libldap ---- */

/* The stand-in made for libpq's libldap, kept for the process: a load of libpq that failed
   for another reason is tried again with the same one. Only cpostgres.c's calls, all under
   its lock, touch it. */
static void *cpg_ldap_standin;
static char cpg_ldap_standin_libpq[4096];
/* Set when libpq would not load with the stand-in: none is made again in this process. */
static int cpg_ldap_standin_dropped;

int cpg_system_library_folder(char *folder, size_t folder_size) {
    Dl_info info;
    if (!dladdr((void *)&dlopen, &info) || !info.dli_fname) return -1;
    const char *slash = strrchr(info.dli_fname, '/');
    if (!slash || (size_t)(slash - info.dli_fname) + sizeof "/libpq.so.5" > folder_size) return -1;
    memcpy(folder, info.dli_fname, (size_t)(slash - info.dli_fname));
    folder[slash - info.dli_fname] = '\0';
    return 0;
}

/* dl_iterate_phdr's callback: 1 when the object's file name is `soname` (the loader opens
   a DT_NEEDED name as a path ending in that name). */
static int cpg_is_loaded_as(struct dl_phdr_info *info, size_t size, void *soname) {
    (void)size;
    const char *slash = info->dlpi_name ? strrchr(info->dlpi_name, '/') : NULL;
    return slash && strcmp(slash + 1, (const char *)soname) == 0;
}

void *cpg_libpq_ldap_standin(const char **libpq_path_out) {
    *libpq_path_out = NULL;
    if (cpg_ldap_standin) {
        *libpq_path_out = cpg_ldap_standin_libpq;
        return cpg_ldap_standin;
    }
    if (cpg_ldap_standin_dropped) return NULL;
    /* Where the loader would look for libpq: the system's folder of libraries, the one
       libc was loaded from. Anything that changes where it looks (LD_LIBRARY_PATH, or
       folders libpq names itself) and the stand-in might stand in for a libldap other than
       the one libpq would load: none then. (The stand-in assumes libldap is in that folder
       too, as the system's libpq5 package has it; a libldap the system's configuration
       puts in a folder searched before it, /usr/local/lib for one, is not the one called.) */
    const char *search = getenv("LD_LIBRARY_PATH");
    if (search && *search) return NULL;
    char folder[sizeof cpg_ldap_standin_libpq - sizeof "/libpq.so.5"];
    if (cpg_system_library_folder(folder, sizeof folder) != 0) return NULL;
    char libpq_path[sizeof cpg_ldap_standin_libpq];
    snprintf(libpq_path, sizeof libpq_path, "%s/libpq.so.5", folder);
    char soname[256], error[512], real_path[sizeof folder + sizeof soname];
    int searches = 0;
    if (cpg_read_needed(libpq_path, "libldap", soname, sizeof soname, &searches, error, sizeof error) != 0 ||
        searches)
        return NULL;
    /* Already loaded (by libvips or libcurl): nothing left to spare. (Asked of the loaded
       objects' names: dlopen with RTLD_NOLOAD would search the disk for it.) */
    if (dl_iterate_phdr(cpg_is_loaded_as, soname)) return NULL;
    snprintf(real_path, sizeof real_path, "%s/%s", folder, soname);
    cpg_ldap_standin = cpg_standin_open(real_path, soname, error, sizeof error);
    if (cpg_ldap_standin) {
        memcpy(cpg_ldap_standin_libpq, libpq_path, sizeof libpq_path);
        *libpq_path_out = cpg_ldap_standin_libpq;
    }
    return cpg_ldap_standin;
}

void cpg_libpq_ldap_standin_dropped(void *standin) {
    if (standin == cpg_ldap_standin) cpg_ldap_standin = NULL;
    cpg_ldap_standin_dropped = 1;
    dlclose(standin);
}

#else /* not x86-64: no stand-in; libpq is loaded as it comes */

int cpg_needed_with_prefix(const char *path, const char *prefix, char *soname, size_t soname_size, char *error,
                           size_t error_size) {
    (void)path;
    (void)prefix;
    (void)soname;
    (void)soname_size;
    snprintf(error, error_size, "ELF files are read only on x86-64 Linux");
    return -1;
}

void *cpg_standin_open(const char *real_path, const char *soname, char *error, size_t error_size) {
    (void)real_path;
    (void)soname;
    snprintf(error, error_size, "stand-ins are made only on x86-64 Linux");
    return NULL;
}

int cpg_system_library_folder(char *folder, size_t folder_size) {
    (void)folder;
    (void)folder_size;
    return -1;
}

void *cpg_libpq_ldap_standin(const char **libpq_path) {
    *libpq_path = NULL;
    return NULL;
}

void cpg_libpq_ldap_standin_dropped(void *standin) { dlclose(standin); }

#endif
