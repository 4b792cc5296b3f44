// Applies an adoption to registry.yaml text with the yaml Document API, so the owner's comments
// and layout survive.
import { parseDocument } from 'yaml';
import type { AdoptionPlan } from './plan-adoption.ts';
import { orderControl } from './plan-plane.ts';

export function applyAdoption(text: string, plan: AdoptionPlan): string {
  const doc = parseDocument(text);
  if (plan.kind === 'fill') {
    doc.setIn(['controls', plan.index, 'execution'], doc.createNode(plan.execution));
    doc.setIn(['controls', plan.index, 'source'], plan.source);
    // a command given for the control means it applies again
    if (doc.getIn(['controls', plan.index, 'applies', 'value']) === false)
      doc.setIn(['controls', plan.index, 'applies'], doc.createNode({ value: true }));
    // a fill replaces what an earlier fill recorded
    if (plan.exclusive === true) doc.setIn(['controls', plan.index, 'exclusive'], true);
    else doc.deleteIn(['controls', plan.index, 'exclusive']);
    if (plan.recorded !== undefined)
      doc.setIn(['controls', plan.index, 'recorded'], doc.createNode({ ...plan.recorded }));
    else doc.deleteIn(['controls', plan.index, 'recorded']);
    if (plan.outputs !== undefined)
      doc.setIn(['controls', plan.index, 'outputs'], doc.createNode([...plan.outputs]));
    if (plan.inputs !== undefined && plan.inputs.length > 0)
      doc.setIn(['controls', plan.index, 'inputs'], doc.createNode([...plan.inputs]));
    else if (plan.inputs !== undefined) doc.deleteIn(['controls', plan.index, 'inputs']);
  } else if (plan.kind === 'not_applicable') {
    const applies = { value: false, owner: plan.owner, rationale: plan.rationale };
    doc.setIn(['controls', plan.index, 'applies'], doc.createNode(applies));
    doc.setIn(['controls', plan.index, 'recorded'], doc.createNode({ ...plan.recorded }));
  } else if (plan.kind === 'uncounted') {
    doc.setIn(['controls', plan.index, 'inventory'], 'none');
    if (plan.recorded !== undefined)
      doc.setIn(['controls', plan.index, 'recorded'], doc.createNode({ ...plan.recorded }));
  } else if (plan.kind === 'add') {
    doc.addIn(['controls'], doc.createNode(orderControl(plan.control)));
  }
  return doc.toString({ lineWidth: 0 });
}
