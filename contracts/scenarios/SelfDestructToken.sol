// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: the owner can self-destruct the contract (before Cancun this deleted the code
/// and every balance with it; the opcode in the code is the risk either way).
contract SelfDestructToken is OwnedPairToken {
    constructor(uint256 supply) OwnedPairToken("Phoenix", "PHNX", supply) {}

    function migrate() external onlyOwner {
        selfdestruct(payable(_owner));
    }
}
