// A rebinding DNS and a route to "the internet", loaded into a server under test with
// NODE_OPTIONS="--require <this file>" (tests/integration/webhook-egress.test.ts).
//
// DNS: names under .rebind.test answer by the schedule in their first label, counting the
// lookups of each name however the process asks (dns.lookup, dns.promises.lookup):
//   p<N>-<anything>.rebind.test   the public address for the first N lookups, 127.0.0.1 after
//   mixed-<anything>.rebind.test  the public address and 127.0.0.1 in one answer
// Every other name resolves as usual.
//
// Route: the test machine cannot reach the internet, so a connection to the public address
// lands on REBIND_PUBLIC_ROUTE (127.0.0.2, same port), where the test's "public" receiver
// listens. The route sits where the network does: after whatever lookup the socket used
// (the server's own checked lookup included) has chosen the address.
"use strict";
const dns = require("node:dns");
const net = require("node:net");
const { syncBuiltinESMExports } = require("node:module");

const PUBLIC_ADDRESS = process.env.REBIND_PUBLIC_ADDRESS || "93.184.216.34";
const PUBLIC_ROUTE = process.env.REBIND_PUBLIC_ROUTE || "127.0.0.2";
const lookups = new Map();

/** The schedule's answer for this lookup of `hostname`, or null for a name it does not own. */
function answerFor(hostname) {
  const name = String(hostname).toLowerCase().replace(/\.$/, "");
  if (!name.endsWith(".rebind.test")) return null;
  const count = (lookups.get(name) || 0) + 1;
  lookups.set(name, count);
  const label = name.split(".")[0];
  if (label.startsWith("mixed-")) return [PUBLIC_ADDRESS, "127.0.0.1"];
  const schedule = /^p(\d+)-/.exec(label);
  return [count <= (schedule ? Number(schedule[1]) : 0) ? PUBLIC_ADDRESS : "127.0.0.1"];
}

function shaped(answer, options) {
  const family = typeof options === "number" ? options : options && options.family;
  const wanted = family === 4 || family === "IPv4" ? 4 : family === 6 || family === "IPv6" ? 6 : 0;
  return answer.map((address) => ({ address, family: net.isIP(address) })).filter((entry) => !wanted || entry.family === wanted);
}

const systemLookup = dns.lookup;
dns.lookup = function lookup(hostname, options, callback) {
  if (typeof options === "function") [options, callback] = [{}, options];
  const answer = answerFor(hostname);
  if (!answer) return systemLookup.call(dns, hostname, options, callback);
  const entries = shaped(answer, options);
  process.nextTick(() => {
    if (entries.length === 0) callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }));
    else if (options && options.all) callback(null, entries);
    else callback(null, entries[0].address, entries[0].family);
  });
  return {};
};

const systemPromisesLookup = dns.promises.lookup;
dns.promises.lookup = async function lookup(hostname, options = {}) {
  const answer = answerFor(hostname);
  if (!answer) return systemPromisesLookup.call(dns.promises, hostname, options);
  const entries = shaped(answer, options);
  if (entries.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return options.all ? entries : entries[0];
};
syncBuiltinESMExports();

const routed = (address) => (address === PUBLIC_ADDRESS ? PUBLIC_ROUTE : address);

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function routedConnect(...args) {
  // net.connect passes its normalized [options, callback] array; tls.connect an options object.
  const holder = Array.isArray(args[0]) ? args[0] : args;
  const options = holder[0];
  if (options && typeof options === "object" && typeof options.host === "string" && net.isIP(options.host) === 0) {
    const lookup = options.lookup || dns.lookup;
    holder[0] = {
      ...options,
      lookup: (hostname, lookupOptions, callback) =>
        lookup(hostname, lookupOptions, (error, address, family) => {
          if (error) callback(error);
          else if (Array.isArray(address)) callback(null, address.map((entry) => ({ ...entry, address: routed(entry.address) })));
          else callback(null, routed(address), family);
        }),
    };
  }
  return connect.apply(this, args);
};
