import { createContext, useContext } from 'react';

/**
 * Whether the caller may change the hierarchy (the operator role; the route decides). Viewers
 * get the same page without the '+', edit and delete buttons, and nothing to drag.
 */
export const EditableContext = createContext(true);

export const useEditable = () => useContext(EditableContext);
