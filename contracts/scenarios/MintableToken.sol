// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {OwnedPairToken} from "./lib/ScenarioERC20.sol";

/// @notice Risky: the owner can mint any amount to anyone, diluting holders.
contract MintableToken is OwnedPairToken {
    constructor(uint256 supply) OwnedPairToken("Print Money", "PRINT", supply) {}

    function mint(address to, uint256 value) external onlyOwner {
        _mint(to, value);
    }
}
