# Varnish in front of the service (docs/deploy.md, "A CDN or Varnish in front"). Varnish 6 or 7 with the
# xkey vmod (Debian: varnish, varnish-modules).
#
# - Public GETs under /api/v1 are kept for as long as their Cache-Control says (s-maxage); everything
#   else (the admin panel, uploads, token routes, POSTs) passes straight to the service.
# - The service names what each answer is built from in Surrogate-Key; xkey indexes the objects by it.
# - After an edit, the service sends `PURGE /` with the keys in an `xkey` header and the shared secret
#   (CDN_PURGE_SECRET) in X-Purge-Token: every object carrying one of the keys is dropped.
#
# Before use, replace the backend's address and __CDN_PURGE_SECRET__ (with CDN_PURGE_SECRET's value),
# and list the service's addresses in the `purgers` ACL.
vcl 4.1;

import xkey;

backend default {
    .host = "127.0.0.1";
    .port = "1337";
}

# Where purges may come from: the service's instances.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers || req.http.X-Purge-Token != "__CDN_PURGE_SECRET__") {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey) {
            return (synth(400, "An xkey header naming the keys to purge is required"));
        }
        set req.http.X-Purged = xkey.purge(req.http.xkey);
        return (synth(200, "Purged " + req.http.X-Purged + " objects"));
    }
    if ((req.method != "GET" && req.method != "HEAD") || req.url !~ "^/api/v1/" || req.http.Authorization) {
        return (pass);
    }
    # No public answer depends on a cookie.
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_response {
    # Only successful answers the service marked public are kept (never errors or token routes).
    if (beresp.status != 200 || beresp.http.Cache-Control !~ "(^|[ ,])public([ ,]|$)") {
        set beresp.uncacheable = true;
        set beresp.ttl = 10s;
        return (deliver);
    }
    set beresp.http.xkey = beresp.http.Surrogate-Key;
}

sub vcl_deliver {
    unset resp.http.xkey;
    # Whether this answer came from Varnish's store (tests and operators read it).
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
