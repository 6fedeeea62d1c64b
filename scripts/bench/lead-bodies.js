/**
 * The bench's contact POSTs (the table's contact rows, the contact case, the latency bench's contact stream): a
 * lead from a new person on every request.
 */
'use strict';

let person = 0;

/**
 * A lead with `extra` fields (issue 42's enquiry fields) from a new person (e-mail and phone digits of its
 * own), as a stream of buyers sends them: the same person again within the window would be a repeat
 * (decision 144), which a site sees far less often.
 */
function newLead(extra) {
  person += 1;
  const digits = String(person % 1e7).padStart(7, '0');
  return JSON.stringify({
    first_name: 'Bench', last_name: 'Lead', email: `bench.lead+${person}@example.com`, mobile: `+971 50 ${digits.slice(0, 3)} ${digits.slice(3)}`,
    method_of_contact: 'Benchmark', message: 'Interested in a 3 bedroom villa on Palm Jumeirah.', ...extra,
  });
}

const LEAD_HEADERS = { 'content-type': 'application/json' };

/** autocannon options POSTing a new person's lead (`newLead`) on every request. */
function leadsFromNewPeople(extra) {
  return { method: 'POST', headers: LEAD_HEADERS, body: newLead(extra), requests: [{ setupRequest: (request) => ({ ...request, body: newLead(extra) }) }] };
}

module.exports = { LEAD_HEADERS, leadsFromNewPeople, newLead };
