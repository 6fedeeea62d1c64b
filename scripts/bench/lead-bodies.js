/**
 * The bench's contact POSTs (the table's contact rows, the contact case, the latency bench's contact stream): a
 * lead from a new person on every request.
 */
'use strict';

let person = 0;

/**
 * autocannon options POSTing a lead with `extra` fields (issue 42's enquiry fields) from a new person on
 * every request (e-mail and phone digits of its own), as a stream of buyers sends them: the same person
 * again within the window would be a repeat (decision 144), which a site sees far less often.
 */
function leadsFromNewPeople(extra) {
  const headers = { 'content-type': 'application/json' };
  const lead = () => {
    person += 1;
    const digits = String(person % 1e7).padStart(7, '0');
    return JSON.stringify({
      first_name: 'Bench', last_name: 'Lead', email: `bench.lead+${person}@example.com`, mobile: `+971 50 ${digits.slice(0, 3)} ${digits.slice(3)}`,
      method_of_contact: 'Benchmark', message: 'Interested in a 3 bedroom villa on Palm Jumeirah.', ...extra,
    });
  };
  return { method: 'POST', headers, body: lead(), requests: [{ setupRequest: (request) => ({ ...request, body: lead() }) }] };
}

module.exports = { leadsFromNewPeople };
