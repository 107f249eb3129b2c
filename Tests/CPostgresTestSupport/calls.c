#define _GNU_SOURCE
#include "CPostgresTestSupport.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>

int cpg_test_format_many(void *format_function, char *buffer, size_t size) {
    int (*format)(char *, size_t, const char *, ...) = (int (*)(char *, size_t, const char *, ...))format_function;
    return format(buffer, size, "%d %d %d %d %d %d %d %d %d | %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f", 1, -2, 3,
                  -40, 500, -6000, 70000, -800000, 9000000, 0.5, -1.25, 2.125, -3.0625, 4.5, -5.75, 6.875, -7.0,
                  8.25);
}

void *cpg_test_versioned_symbol(void *handle, const char *name, const char *version) {
    return dlvsym(handle, name, version);
}

typedef int (*cpg_test_getnameinfo)(const struct sockaddr *, socklen_t, char *, socklen_t, char *, socklen_t, int);

typedef struct cpg_test_race {
    pthread_mutex_t lock;
    pthread_cond_t changed;
    int waiting, open, right;
    cpg_test_getnameinfo call;
} cpg_test_race;

static void *cpg_test_racer(void *context) {
    cpg_test_race *race = context;
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(8080);
    address.sin_addr.s_addr = htonl(0x7f000001);
    char host[64] = "", service[32] = "";
    /* The gate: every thread waits until all are made and waiting, then all go at once. */
    pthread_mutex_lock(&race->lock);
    race->waiting++;
    pthread_cond_broadcast(&race->changed);
    while (!race->open) pthread_cond_wait(&race->changed, &race->lock);
    pthread_mutex_unlock(&race->lock);
    int result = race->call((const struct sockaddr *)&address, sizeof address, host, sizeof host, service,
                            sizeof service, NI_NUMERICHOST | NI_NUMERICSERV);
    pthread_mutex_lock(&race->lock);
    if (result == 0 && strcmp(host, "127.0.0.1") == 0 && strcmp(service, "8080") == 0) race->right++;
    pthread_mutex_unlock(&race->lock);
    return NULL;
}

int cpg_test_name_info_at_once(void *getnameinfo_function, int threads) {
    if (threads < 1 || threads > 64) return -1;
    cpg_test_race race = {.call = (cpg_test_getnameinfo)getnameinfo_function};
    pthread_mutex_init(&race.lock, NULL);
    pthread_cond_init(&race.changed, NULL);
    pthread_t made[64];
    int count = 0;
    while (count < threads && pthread_create(&made[count], NULL, cpg_test_racer, &race) == 0) count++;
    pthread_mutex_lock(&race.lock);
    while (race.waiting < count) pthread_cond_wait(&race.changed, &race.lock);
    race.open = 1;
    pthread_cond_broadcast(&race.changed);
    pthread_mutex_unlock(&race.lock);
    for (int at = 0; at < count; at++) pthread_join(made[at], NULL);
    pthread_cond_destroy(&race.changed);
    pthread_mutex_destroy(&race.lock);
    return count == threads ? race.right : -1;
}
